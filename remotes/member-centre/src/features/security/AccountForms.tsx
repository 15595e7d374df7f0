import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FieldError, fieldErrorsOf, useErrorText, useMoney } from '../../common/payments/ui';
import { bindEmail, bindMobile, resetPaymentPassword, sendSecurityCode, setPaymentPassword, type Channel } from './api';

type Values = Record<string, string>;

/** A small form: its fields, a submit, the server's refusals under their fields or above the button. */
function SecForm({
  testId,
  fields,
  check,
  submit,
  submitLabel,
  doneText,
  extra,
}: {
  testId: string;
  fields: {
    name: string;
    label: string;
    type?: string;
    inputMode?: 'numeric' | 'email' | 'tel';
    addon?: (v: Values) => ReactNode;
  }[];
  /** the client's own check: field errors, or {} */
  check: (v: Values) => Record<string, string>;
  submit: (v: Values) => Promise<unknown>;
  submitLabel: string;
  doneText: string;
  extra?: ReactNode;
}) {
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await submit(values);
      setDone(true);
      setValues({});
    } catch (err) {
      const fe = fieldErrorsOf(err, errorText);
      if (Object.keys(fe).length) setErrors(fe);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="sec-form sec-form--narrow" onSubmit={onSubmit} noValidate data-testid={testId}>
      {extra}
      {fields.map((f) => (
        <div key={f.name} className="sec-field">
          <label htmlFor={`${testId}-${f.name}`}>{f.label}</label>
          <span className="sec-row">
            <input
              id={`${testId}-${f.name}`}
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              aria-invalid={errors[f.name] ? true : undefined}
              data-testid={`${testId}-${f.name}`}
            />
            {f.addon?.(values)}
          </span>
          <FieldError testId={`${testId}-${f.name}-error`}>{errors[f.name]}</FieldError>
        </div>
      ))}
      {failure ? (
        <p className="k-error" role="alert" data-testid={`${testId}-error`}>
          {failure}
        </p>
      ) : null}
      {done ? (
        <p className="sec-ok" role="status" data-testid={`${testId}-done`}>
          {doneText}
        </p>
      ) : null}
      <button type="submit" className="k-button" disabled={busy} data-testid={`${testId}-submit`}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Sends a code; counts down a minute before the next one; a refusal is shown in words. */
function SendCode({ send, testId }: { send: () => Promise<unknown>; testId: string }) {
  const { t } = useMoney();
  const errorText = useErrorText();
  const [left, setLeft] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <>
      <button
        type="button"
        className="k-button k-button--ghost"
        disabled={left > 0}
        onClick={async () => {
          setError(null);
          try {
            await send();
            setLeft(60);
          } catch (err) {
            setError(errorText(err));
          }
        }}
        data-testid={testId}
      >
        {left > 0 ? t('security.acct.resendIn', { seconds: left }) : t('security.acct.sendCode')}
      </button>
      {error ? (
        <small className="k-error" role="alert">
          {error}
        </small>
      ) : null}
    </>
  );
}

const SIX = /^\d{6}$/;

/** The payment password: set or change (with the current one), or reset by a code to the bound mobile or e-mail. */
export function PaymentPasswordForms() {
  const { t } = useMoney();
  const [mode, setMode] = useState<'change' | 'reset'>('change');
  const [channel, setChannel] = useState<Channel>('MOBILE');
  const pw = (v: Values) => {
    const e: Record<string, string> = {};
    if (!SIX.test(v.newPassword ?? '')) e.newPassword = t('security.acct.sixDigits');
    if ((v.confirmPassword ?? '') !== (v.newPassword ?? '')) e.confirmPassword = t('security.acct.mismatch');
    return e;
  };
  return (
    <div className="sec-totp">
      <div className="sec-actions" role="tablist">
        {(['change', 'reset'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`k-button ${mode === m ? '' : 'k-button--ghost'}`}
            onClick={() => setMode(m)}
            data-testid={`paypwd-tab-${m}`}
          >
            {t(`security.acct.paypwd.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'change' ? (
        <SecForm
          testId="paypwd-change"
          fields={[
            { name: 'oldPassword', label: t('security.acct.paypwd.old'), type: 'password', inputMode: 'numeric' },
            { name: 'newPassword', label: t('security.acct.paypwd.new'), type: 'password', inputMode: 'numeric' },
            { name: 'confirmPassword', label: t('security.acct.paypwd.confirm'), type: 'password', inputMode: 'numeric' },
          ]}
          check={pw}
          submit={(v) =>
            setPaymentPassword({
              newPassword: v.newPassword,
              confirmPassword: v.confirmPassword,
              ...(v.oldPassword ? { oldPassword: v.oldPassword } : {}),
            })
          }
          submitLabel={t('security.save')}
          doneText={t('security.acct.paypwd.saved')}
        />
      ) : (
        <SecForm
          testId="paypwd-reset"
          extra={<ChannelChoice channel={channel} onChange={setChannel} />}
          fields={[
            {
              name: 'code',
              label: t('security.acct.code'),
              inputMode: 'numeric',
              addon: () => (
                <SendCode send={() => sendSecurityCode({ purpose: 'PAYPWD_RESET', channel })} testId="paypwd-reset-send" />
              ),
            },
            { name: 'newPassword', label: t('security.acct.paypwd.new'), type: 'password', inputMode: 'numeric' },
            { name: 'confirmPassword', label: t('security.acct.paypwd.confirm'), type: 'password', inputMode: 'numeric' },
          ]}
          check={(v) => ({ ...pw(v), ...(v.code?.trim() ? {} : { code: t('security.acct.codeNeeded') }) })}
          submit={(v) =>
            resetPaymentPassword({ channel, code: v.code.trim(), newPassword: v.newPassword, confirmPassword: v.confirmPassword })
          }
          submitLabel={t('security.acct.paypwd.resetSubmit')}
          doneText={t('security.acct.paypwd.saved')}
        />
      )}
    </div>
  );
}

function ChannelChoice({ channel, onChange }: { channel: Channel; onChange: (c: Channel) => void }) {
  const { t } = useMoney();
  return (
    <fieldset className="sec-channel">
      <legend>{t('security.acct.sendTo')}</legend>
      {(['MOBILE', 'EMAIL'] as const).map((c) => (
        <label key={c}>
          <input type="radio" name="channel" checked={channel === c} onChange={() => onChange(c)} />{' '}
          {c === 'MOBILE' ? t('security.mobileNum') : t('security.email')}
        </label>
      ))}
    </fieldset>
  );
}

/** Binds (or changes) the mobile number or the e-mail: the new one, a code sent to it, and the password. */
export function BindForm({ kind, onBound }: { kind: 'mobile' | 'email'; onBound: () => void }) {
  const { t } = useMoney();
  const field = kind === 'mobile' ? 'mobileNum' : 'email';
  return (
    <SecForm
      testId={`bind-${kind}`}
      fields={[
        {
          name: field,
          label: kind === 'mobile' ? t('security.acct.newMobile') : t('security.acct.newEmail'),
          inputMode: kind === 'mobile' ? 'tel' : 'email',
          addon: (v) => (
            <SendCode
              send={() =>
                sendSecurityCode({
                  purpose: 'BIND',
                  channel: kind === 'mobile' ? 'MOBILE' : 'EMAIL',
                  ...(kind === 'mobile' ? { mobileNum: v.mobileNum ?? '' } : { email: v.email ?? '' }),
                })
              }
              testId={`bind-${kind}-send`}
            />
          ),
        },
        { name: 'code', label: t('security.acct.code'), inputMode: 'numeric' },
        { name: 'password', label: t('security.acct.password'), type: 'password' },
      ]}
      check={(v) => ({
        ...(v[field]?.trim() ? {} : { [field]: t('security.acct.required') }),
        ...(v.code?.trim() ? {} : { code: t('security.acct.codeNeeded') }),
        ...(v.password ? {} : { password: t('security.acct.required') }),
      })}
      submit={async (v) => {
        if (kind === 'mobile') await bindMobile({ password: v.password, code: v.code.trim(), mobileNum: v.mobileNum.trim() });
        else await bindEmail({ password: v.password, code: v.code.trim(), email: v.email.trim() });
        onBound();
      }}
      submitLabel={t('security.acct.bind')}
      doneText={t('security.acct.bound')}
    />
  );
}
