import { useState, type FormEvent } from 'react';
import type { AuthenticatorSetupDto } from '@khela/api/member-centre';
import { ErrorState, Loading } from '@khela/ui';
import { FieldError, useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { confirmAuthenticator, disableAuthenticator, fetchAuthenticator, setupAuthenticator } from './api';

/** One code field and its submit button (turning the app on or off). */
function CodeForm({
  label,
  submitLabel,
  pattern,
  onSubmit,
  testId,
  children,
}: {
  label: string;
  submitLabel: string;
  /** the shape a code must have before it is sent */
  pattern: RegExp;
  onSubmit: (code: string) => Promise<void>;
  testId: string;
  children?: React.ReactNode;
}) {
  const { t } = useMoney();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pattern.test(code.trim())) return setError(t('security.totp.codeFormat'));
    setError(null);
    setBusy(true);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="sec-totp-form" onSubmit={submit} noValidate data-testid={testId}>
      <div className="sec-field">
        <label htmlFor={`${testId}-code`}>{label}</label>
        <input
          id={`${testId}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode={pattern.source.includes('a-z') ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          aria-invalid={error ? true : undefined}
          data-testid={`${testId}-code`}
        />
        <FieldError testId={`${testId}-error`}>{error}</FieldError>
      </div>
      <div className="sec-actions">
        <button type="submit" className="k-button" disabled={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}

/** The security centre's authenticator app: set up with a QR code, confirm, recovery codes once, turn off. */
export function Authenticator() {
  const { t } = useMoney();
  const errorText = useErrorText();
  const status = useLoad((signal) => fetchAuthenticator(signal));
  const [setup, setSetup] = useState<AuthenticatorSetupDto | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [turnedOff, setTurnedOff] = useState(false);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    setTurnedOff(false);
    try {
      setSetup(await setupAuthenticator());
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  if (recovery) {
    return (
      <div className="sec-totp" data-testid="totp-recovery">
        <h4>{t('security.totp.recoveryTitle')}</h4>
        <p className="sec-muted">{t('security.totp.recoveryNote')}</p>
        <ul className="sec-recovery" data-testid="recovery-codes">
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="k-button"
          onClick={() => {
            setRecovery(null);
            status.reload();
          }}
          data-testid="totp-done"
        >
          {t('security.totp.done')}
        </button>
      </div>
    );
  }
  if (status.loading && !status.value) return <Loading />;
  if (status.error && !status.value) return <ErrorState message={errorText(status.error)} onRetry={status.reload} />;
  const s = status.value!;

  if (s.enabled) {
    return (
      <div className="sec-totp" data-testid="totp-on">
        <p>
          <strong className="sec-ok">{t('security.totp.on')}</strong> ·{' '}
          {t('security.totp.recoveryLeft', { count: s.recoveryLeft })}
        </p>
        <CodeForm
          label={t('security.totp.codeOrRecovery')}
          submitLabel={t('security.totp.turnOff')}
          pattern={/^(\d{6}|[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5})$/}
          onSubmit={async (code) => {
            await disableAuthenticator(code);
            setTurnedOff(true);
            status.reload();
          }}
          testId="totp-off"
        />
      </div>
    );
  }
  return (
    <div className="sec-totp" data-testid="totp-off-state">
      <p className="sec-muted">{t('security.totp.intro')}</p>
      {turnedOff ? (
        <p className="sec-ok" role="status">
          {t('security.totp.turnedOff')}
        </p>
      ) : null}
      {setup ? (
        <div data-testid="totp-setup">
          <p>{t('security.totp.scan')}</p>
          <img className="sec-qr" src={setup.qr} alt={t('security.totp.qrAlt')} width={180} height={180} />
          <p className="sec-key">
            {t('security.totp.key')}: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <CodeForm
            label={t('security.totp.code')}
            submitLabel={t('security.totp.confirm')}
            pattern={/^\d{6}$/}
            onSubmit={async (code) => {
              const done = await confirmAuthenticator(code);
              setSetup(null);
              setRecovery(done.recoveryCodes);
            }}
            testId="totp-confirm"
          >
            <button type="button" className="k-button k-button--ghost" onClick={() => setSetup(null)}>
              {t('security.totp.cancel')}
            </button>
          </CodeForm>
        </div>
      ) : (
        <button type="button" className="k-button" onClick={start} disabled={busy} data-testid="totp-setup-start">
          {t('security.totp.setup')}
        </button>
      )}
      {failure ? <ErrorState message={errorText(failure)} /> : null}
    </div>
  );
}
