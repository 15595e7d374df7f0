import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled, type MemberInfoDto } from '@khela/api';
import { apiRequest, openCustomerService } from '@khela/api-client';
import { type LoginValue, type SmsSent } from '@khela/api/auth';
import { sealedRequest } from '@khela/api-client/seal';
import { loginStateAtom, loginStateFor, modalAtom, permissionAtom } from '@khela/session';
import { formSchema, validate } from '@khela/validation';
import { Field } from './forms/Field';
import { Tabs } from './forms/Tabs';
import { SmsCodeButton } from './forms/SmsCodeButton';
import { ServerError } from './forms/ServerError';
import { useSubmit } from './forms/useSubmit';
import { errorsOf } from './forms/errors';
import { useCompleteLogin } from './flows/useCompleteLogin';
import { DIALING_CODE, mobileIsValid, passwordRule, ruleFor } from './rules';
import { NS } from '../i18n';

/** Forgot password: e-mail tab, and the mobile tab when phone reset is on; customer service. */
export function ForgotPopup() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const phone = isFlagEnabled(permission?.whitelabel, 'PHONERESET3');
  const [tab, setTab] = useState<'email' | 'mobile'>('email');
  const cs = permission?.customerService?.find((e) => e.csType === 'link') ?? permission?.customerService?.[0];
  return (
    <>
      <Tabs
        tabs={[
          { id: 'email' as const, label: t('forgot.tabEmail') },
          ...(phone ? [{ id: 'mobile' as const, label: t('forgot.tabMobile') }] : []),
        ]}
        active={tab}
        onChange={setTab}
      />
      {tab === 'email' ? <ForgotByEmail /> : <ResetByPhone />}
      {cs ? (
        <div className="auth-links">
          <button type="button" className="k-link" onClick={() => void openCustomerService(cs)}>
            {t('forgot.customerService')}
          </button>
        </div>
      ) : null}
    </>
  );
}

function ForgotByEmail() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const [values, setValues] = useState({ username: '', email: '' });
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState(false);
  const { busy, failure, run } = useSubmit();
  const schema = formSchema([
    { name: 'username', rule: ruleFor(permission, 'username'), required: true },
    { name: 'email', rule: ruleFor(permission, 'email'), required: true },
  ]);
  const errors = attempted ? errorsOf(validate(schema, values)) : {};
  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!validate(schema, values).success) return;
    const done = await run(() =>
      apiRequest('/wps/member/password/email', {
        method: 'POST',
        form: { username: values.username.trim(), email: values.email.trim() },
      }).then(() => true),
    );
    if (done) setSent(true);
  }
  if (sent)
    return (
      <p className="auth-note" role="status" data-testid="forgot-email-sent">
        {t('forgot.emailSent')}
      </p>
    );
  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-form">
      <Field
        name="username"
        label={t('login.username')}
        value={values.username}
        onChange={(v) => setValues((s) => ({ ...s, username: v }))}
        error={errors.username}
        autoComplete="username"
      />
      <Field
        name="email"
        label={t('forgot.email')}
        type="email"
        value={values.email}
        onChange={(v) => setValues((s) => ({ ...s, email: v }))}
        error={errors.email}
        autoComplete="email"
      />
      <ServerError failure={failure} />
      <button type="submit" className="k-button auth-form__submit" disabled={busy}>
        {t('forgot.submit')}
      </button>
    </form>
  );
}

/** Reset by phone: the code, a new password, then an automatic login and home. */
function ResetByPhone() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const completeLogin = useCompleteLogin();
  const [values, setValues] = useState({ mobileNum: '', verificationCode: '', newPassword: '' });
  const [attempted, setAttempted] = useState(false);
  const { busy, failure, run } = useSubmit();
  const mobileRule = ruleFor(permission, 'mobileNum');
  const schema = formSchema([
    { name: 'mobileNum', rule: mobileRule, required: true },
    { name: 'verificationCode', emptyKey: 'verificationCode', max: 255 },
    { name: 'newPassword', rule: passwordRule(permission), required: true },
  ]);
  const errors = attempted ? errorsOf(validate(schema, values)) : {};
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!validate(schema, values).success) return;
    const mobileNum = values.mobileNum.trim();
    const value = await run(async () => {
      const { username } = await sealedRequest<{ username: string }>('/wps/member/password/verification', {
        method: 'POST',
        body: {
          newPassword: values.newPassword,
          mobileNum,
          verificationCode: values.verificationCode.trim(),
          countryDialingCode: DIALING_CODE,
        },
      });
      return sealedRequest<LoginValue>('/wps/session/login', {
        method: 'POST',
        body: { username, password: values.newPassword, type: 'username' },
      });
    });
    if (value) completeLogin(value, { type: 'reset', knownPassword: values.newPassword });
  }
  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-phone-form">
      <Field
        name="mobileNum"
        label={t('login.mobileNum')}
        type="tel"
        inputMode="tel"
        value={values.mobileNum}
        onChange={set('mobileNum')}
        error={errors.mobileNum}
        autoComplete="tel"
      />
      <Field
        name="verificationCode"
        label={t('login.code')}
        value={values.verificationCode}
        onChange={set('verificationCode')}
        error={errors.verificationCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        addon={
          <SmsCodeButton
            canSend={() => {
              const ok = mobileIsValid(permission, values.mobileNum);
              if (!ok) setAttempted(true);
              return ok;
            }}
            send={() =>
              apiRequest<SmsSent>('/wps/member/password/sms', {
                method: 'POST',
                body: { mobileNum: values.mobileNum.trim(), countryDialingCode: DIALING_CODE },
              })
            }
          />
        }
      />
      <Field
        name="newPassword"
        label={t('change.newPassword')}
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        autoComplete="new-password"
      />
      <ServerError failure={failure} />
      <button type="submit" className="k-button auth-form__submit" disabled={busy}>
        {t('forgot.reset')}
      </button>
    </form>
  );
}

/**
 * Change password: old (unless already known from the login just made), new, and the
 * confirmation ('inconsistent twice'). Success reloads the login info, closes the modal, goes home.
 */
export function ChangePasswordPopup({
  knownPassword,
  forced,
  passwordSetup,
}: {
  knownPassword?: string;
  forced?: boolean;
  passwordSetup?: boolean;
}) {
  if (passwordSetup) knownPassword = ''; // the first password of an account that has none to type
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const setModal = useSetAtom(modalAtom);
  const setLogin = useSetAtom(loginStateAtom);
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldPassword: knownPassword ?? '', newPassword: '', confirmNewPassword: '' });
  // CHNGPASSVERIF3: a code sent to the bound mobile or e-mail comes first
  const codeFirst = !passwordSetup && isFlagEnabled(permission?.whitelabel, 'CHNGPASSVERIF3');
  const [channel, setChannel] = useState<'MOBILE' | 'EMAIL'>('MOBILE');
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { busy, failure, run } = useSubmit();
  const schema = formSchema([
    ...(codeFirst ? [{ name: 'verificationCode', emptyKey: 'verificationCode' as const, max: 16 }] : []),
    ...(knownPassword !== undefined ? [] : [{ name: 'oldPassword' }]),
    { name: 'newPassword', rule: passwordRule(permission), required: true },
    { name: 'confirmNewPassword', equals: 'newPassword' },
  ]);
  const all = { ...values, verificationCode: code };
  const errors = attempted ? errorsOf(validate(schema, all)) : {};
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!validate(schema, all).success) return;
    const member = await run(async () => {
      const body = codeFirst ? { ...values, verificationChannel: channel, verificationCode: code.trim() } : values;
      await sealedRequest('/wps/member/password', { method: 'POST', body });
      return apiRequest<MemberInfoDto>('/wps/member/info');
    });
    if (!member) return;
    setLogin(loginStateFor(member));
    setModal(null);
    navigate('/');
  }
  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="change-password-form">
      {forced ? (
        <p className="auth-note" data-testid="change-password-forced">
          {t('change.forced')}
        </p>
      ) : null}
      {codeFirst ? (
        <>
          <p className="auth-note">{t('change.codeFirst')}</p>
          <Tabs
            tabs={(['MOBILE', 'EMAIL'] as const).map((m) => ({ id: m, label: t(`verify.${m}`) }))}
            active={channel}
            onChange={setChannel}
          />
          <Field
            name="verificationCode"
            label={t('login.code')}
            value={code}
            onChange={setCode}
            error={errors.verificationCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            addon={
              <SmsCodeButton
                key={channel}
                canSend={() => true}
                send={() =>
                  apiRequest<SmsSent>('/wps/member/security/code', {
                    method: 'POST',
                    body: { purpose: 'PASSWORD_CHANGE', channel },
                  })
                }
                testId="change-password-send"
              />
            }
          />
        </>
      ) : null}
      {knownPassword !== undefined ? null : (
        <Field
          name="oldPassword"
          label={t('change.oldPassword')}
          type="password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
          autoComplete="current-password"
        />
      )}
      <Field
        name="newPassword"
        label={t('change.newPassword')}
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        autoComplete="new-password"
      />
      <Field
        name="confirmNewPassword"
        label={t('change.confirmNewPassword')}
        type="password"
        value={values.confirmNewPassword}
        onChange={set('confirmNewPassword')}
        error={errors.confirmNewPassword}
        autoComplete="new-password"
      />
      <ServerError failure={failure} />
      <button type="submit" className="k-button auth-form__submit" disabled={busy}>
        {t('change.submit')}
      </button>
    </form>
  );
}
