import { useEffect, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { addNamespace } from '@khela/i18n';
import type { ProfileDto } from '@khela/api/member-centre';
import { openModalAtom } from '@khela/session';
import { ConfirmDialog, EmptyState, ErrorState, Loading, useStaged } from '@khela/ui';
import { profileSchema, validate, type ProfileSettings } from '@khela/validation';
import { FieldError, fieldErrorsOf, useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import { fetchDevices, fetchProfile, logoutOthers, saveProfile } from './api';
import { BindForm, PaymentPasswordForms } from './AccountForms';
import { Authenticator } from './Authenticator';
import { securityBn, securityEn } from './locales';
import './security.css';

addNamespace(NS, { bn: securityBn, en: securityEn });

/** Today in Dhaka (the platform's day), as yyyy-MM-dd: the birthday's age rule counts from it. */
const dhakaToday = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

/** The server's refusal as messages under the fields (value.fields carries them, already translated). */
function serverFieldErrors(err: unknown, fallback: (e: unknown) => string): Record<string, string> {
  const fields = (err as { value?: { fields?: Record<string, string> } })?.value?.fields;
  return fields ? { ...fields } : fieldErrorsOf(err, fallback);
}

function ProfileForm({ profile, onSaved }: { profile: ProfileDto; onSaved: (p: ProfileDto) => void }) {
  const { t, lang } = useMoney();
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<string, string>>(profile.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<'saved' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setValues(profile.values), [profile]);
  const settings = profile.settings as ProfileSettings;
  if (!settings.fields.length) return <EmptyState>{t('security.noFields')}</EmptyState>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    setFailure(null);
    const checked = validate(profileSchema(settings, dhakaToday()), values, lang.toLowerCase());
    if (!checked.success) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      onSaved(await saveProfile(values));
      setStatus('saved');
    } catch (err) {
      const fields = serverFieldErrors(err, errorText);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sec-form" onSubmit={submit} noValidate data-testid="profile-form">
      {settings.fields.map((f) => {
        // the payee name is what withdrawals are paid to: once set, only customer service changes it
        const fixed = f === 'payeeName' && profile.values.payeeName !== '';
        return (
          <div key={f} className="sec-field">
            <label htmlFor={`profile-${f}`}>
              {t(`security.fields.${f}`)}
              {settings.required.includes(f) ? ' *' : ''}
            </label>
            <input
              id={`profile-${f}`}
              name={f}
              type={f === 'birthday' ? 'date' : 'text'}
              inputMode={f === 'whatsapp' || f === 'zalo' ? 'numeric' : undefined}
              value={values[f] ?? ''}
              readOnly={fixed}
              title={fixed ? t('security.payeeFixed') : undefined}
              aria-invalid={errors[f] ? true : undefined}
              aria-describedby={errors[f] ? `profile-${f}-error` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              data-testid={`profile-${f}`}
            />
            {fixed ? <small className="sec-muted">{t('security.payeeFixed')}</small> : null}
            <FieldError testId={`profile-${f}-error`}>
              {errors[f] ? <span id={`profile-${f}-error`}>{errors[f]}</span> : null}
            </FieldError>
          </div>
        );
      })}
      {failure ? <ErrorState message={errorText(failure)} testId="profile-error" /> : null}
      {status === 'saved' ? (
        <p className="sec-ok" role="status" data-testid="profile-saved">
          {t('security.saved')}
        </p>
      ) : null}
      <button type="submit" className="k-button" disabled={busy} data-testid="profile-save">
        {busy ? t('security.saving') : t('security.save')}
      </button>
    </form>
  );
}

function Devices() {
  const { t, time } = useMoney();
  const errorText = useErrorText();
  const devices = useLoad((signal) => fetchDevices(signal));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ended: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const end = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await logoutOthers());
      devices.reload();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  if (devices.loading && !devices.value) return <Loading />;
  if (devices.error && !devices.value) return <ErrorState message={errorText(devices.error)} onRetry={devices.reload} />;
  const list = devices.value ?? [];
  const others = list.filter((d) => !d.current).length;
  return (
    <div data-testid="devices">
      <ul className="sec-devices">
        {list.map((d) => (
          <li key={d.id} data-testid={d.current ? 'device-current' : 'device-other'}>
            <strong>{d.current ? t('security.thisDevice') : (d.userAgent ?? t('security.unknownDevice')).slice(0, 80)}</strong>
            <small>
              {d.ip ? `${d.ip} · ` : ''}
              {t('security.lastSeen', { when: time(d.lastSeenAt) })}
            </small>
          </li>
        ))}
      </ul>
      {result ? (
        <p className="sec-ok" role="status" data-testid="logout-others-done">
          {result.ended ? t('security.loggedOutOthers', { count: result.ended }) : t('security.noOthers')}
        </p>
      ) : null}
      {failure ? <ErrorState message={errorText(failure)} /> : null}
      {others > 0 ? (
        <button
          type="button"
          className="k-button k-button--ghost"
          onClick={() => setConfirming(true)}
          data-testid="logout-others"
        >
          {t('security.logoutOthers')}
        </button>
      ) : !result ? (
        <p className="sec-muted">{t('security.noOthers')}</p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('security.logoutOthers')}
          onConfirm={end}
          onCancel={() => setConfirming(false)}
          busy={busy}
          testId="logout-others-confirm"
        >
          <p>{t('security.logoutOthersConfirm')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The security centre: profile, password, bound mobile and e-mail, devices, withdrawal accounts. */
export default function SecurityCenterPage() {
  const { t } = useMoney();
  const errorText = useErrorText();
  const openModal = useSetAtom(openModalAtom);
  const loaded = useLoad((signal) => fetchProfile(signal));
  const [profile, setProfile] = useState<ProfileDto | null>(null);
  const current = profile ?? loaded.value;
  const rebound = () => {
    setProfile(null);
    loaded.reload();
  };
  // below the fold on a phone: drawn one part per idle step after the first paint (useStaged), each
  // asking for its own data then (the authenticator, the devices), not before the page's heading;
  // and only once the profile's form (or its error) has taken its room above them, so the form
  // arriving moves none of them
  const below = [
    <section key="password" aria-labelledby="sec-password">
      <h3 id="sec-password">{t('security.password')}</h3>
      <button
        type="button"
        className="k-button k-button--ghost"
        onClick={() => openModal({ key: 'changePassModal' })}
        data-testid="change-password"
      >
        {t('security.changePassword')}
      </button>
    </section>,
    current ? (
      <section key="bound" aria-labelledby="sec-bound">
        <h3 id="sec-bound">{t('security.bound')}</h3>
        <dl className="sec-bound">
          <dt>{t('security.mobileNum')}</dt>
          <dd data-testid="bound-mobile">{current.mobileNum ?? t('security.notBound')}</dd>
          <dt>{t('security.email')}</dt>
          <dd data-testid="bound-email">{current.email ?? t('security.notBound')}</dd>
        </dl>
        <details className="sec-details">
          <summary data-testid="bind-mobile-open">{t('security.acct.changeMobile')}</summary>
          <BindForm kind="mobile" onBound={rebound} />
        </details>
        <details className="sec-details">
          <summary data-testid="bind-email-open">{t('security.acct.changeEmail')}</summary>
          <BindForm kind="email" onBound={rebound} />
        </details>
      </section>
    ) : null,
    <section key="paypwd" aria-labelledby="sec-paypwd">
      <h3 id="sec-paypwd">{t('security.acct.paymentPassword')}</h3>
      <PaymentPasswordForms />
    </section>,
    <section key="totp" aria-labelledby="sec-totp">
      <h3 id="sec-totp">{t('security.totp.title')}</h3>
      <Authenticator />
    </section>,
    <section key="devices" aria-labelledby="sec-devices">
      <h3 id="sec-devices">{t('security.devices')}</h3>
      <Devices />
    </section>,
    <section key="accounts" aria-labelledby="sec-accounts">
      <h3 id="sec-accounts">{t('security.withdrawAccounts')}</h3>
      <Link to="/member/withdraw" data-testid="withdraw-accounts-link">
        {t('security.withdrawAccountsLink')}
      </Link>
    </section>,
  ];
  const staged = useStaged(current || loaded.error ? below.length : 0);
  return (
    <div className="sec" data-testid="security-page">
      <section aria-labelledby="sec-profile">
        <h3 id="sec-profile">{t('security.profile')}</h3>
        {current ? (
          <ProfileForm profile={current} onSaved={setProfile} />
        ) : loaded.error ? (
          <ErrorState message={errorText(loaded.error)} onRetry={loaded.reload} />
        ) : (
          <Loading />
        )}
      </section>
      {below.slice(0, staged)}
    </div>
  );
}
