import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import {
  LOGIN_ERRORS,
  type LoginRefusal,
  type LoginRequest,
  type LoginValue,
  type LoginVerificationChallenge,
  type SmsSent,
} from '@khela/api/auth';
import { sealedRequest } from '@khela/api-client/seal';
import { modalAtom, permissionAtom } from '@khela/session';
import { formSchema, validate } from '@khela/validation';
import { errorsOf } from './forms/errors';
import { Field } from './forms/Field';
import { Tabs } from './forms/Tabs';
import { Captcha } from './forms/Captcha';
import { SmsCodeButton } from './forms/SmsCodeButton';
import { ServerError } from './forms/ServerError';
import { useSubmit } from './forms/useSubmit';
import { useCompleteLogin } from './flows/useCompleteLogin';
import { deviceId, forget, forgetToken, readRemembered, remember as keep } from './flows/remember';
import { LoginVerification } from './LoginVerification';
import { SocialButtons } from './SocialLogin';
import { DIALING_CODE, mobileIsValid, ruleFor } from './rules';
import { NS } from '../i18n';

type LoginTab = 'username' | 'sms';

/**
 * Login popup: username tab, SMS tab only when verification-code login is on, register and
 * forgot links, free play and social login when enabled, remember-me (not on the agent page),
 * and the captcha after a failure that demands it.
 */
export function LoginForm({ agentPage = false }: { agentPage?: boolean }) {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const setModal = useSetAtom(modalAtom);
  const completeLogin = useCompleteLogin();
  const { busy, failure, setFailure, run } = useSubmit();
  const remembered = agentPage ? null : readRemembered();
  const [tab, setTab] = useState<LoginTab>('username');
  const [values, setValues] = useState({
    username: remembered?.username ?? '',
    password: '',
    mobileNum: remembered?.mobileNum ?? '',
    code: '',
    captcha: '',
  });
  const [rememberMe, setRememberMe] = useState(Boolean(remembered));
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [challenge, setChallenge] = useState<LoginVerificationChallenge | null>(null);
  const onCaptchaId = useCallback((id: string | null) => setCaptchaId(id), []);
  const smsEnabled = isFlagEnabled(permission?.whitelabel, 'SMSLOGIN3');
  const freePlay = isFlagEnabled(permission?.whitelabel, 'FREEPLAY3');
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  // a remembered device logs in without the password, until the username is changed
  const byRememberToken =
    tab === 'username' && !values.password && Boolean(remembered?.rememberToken) && values.username === remembered?.username;

  const schema =
    tab === 'username'
      ? formSchema([
          { name: 'username' },
          { name: 'password', required: !byRememberToken },
          ...(captchaShown ? [{ name: 'captcha', emptyKey: 'captcha' }] : []),
        ])
      : formSchema([
          { name: 'mobileNum', rule: ruleFor(permission, 'mobileNum'), required: true },
          { name: 'code', emptyKey: 'verificationCode', max: 255 },
          ...(captchaShown ? [{ name: 'captcha', emptyKey: 'captcha' }] : []),
        ]);
  const errors = attempted ? errorsOf(validate(schema, values)) : {};

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!validate(schema, values).success) return;
    const body: LoginRequest =
      tab === 'username'
        ? byRememberToken
          ? {
              type: 'remember',
              username: values.username,
              password: '',
              rememberToken: remembered!.rememberToken,
              deviceId: deviceId(),
            }
          : { type: 'username', username: values.username.trim(), password: values.password }
        : { type: 'sms', username: values.mobileNum.trim(), password: values.code.trim(), countryDialingCode: DIALING_CODE };
    if (captchaShown) Object.assign(body, { captcha: values.captcha.trim(), captchaId: captchaId ?? '' });
    if (agentPage) body.portal = 'agent';
    if (rememberMe && !agentPage) Object.assign(body, { remember: true, deviceId: deviceId() });
    const value = await run(() => sealedRequest<LoginValue>('/wps/session/login', { method: 'POST', body }));
    if (!value) return;
    if (!agentPage) {
      if (rememberMe) {
        keep(
          tab === 'username'
            ? { username: values.username.trim(), rememberToken: value.rememberToken }
            : {
                mobileNum: values.mobileNum.trim(),
                countryDialingCode: DIALING_CODE,
                rememberToken: value.rememberToken,
                username: value.member.account,
              },
        );
      } else forget();
    }
    completeLogin(value, { type: body.type, agentPage, knownPassword: body.type === 'username' ? values.password : undefined });
  }

  // a refusal: the captcha appears (and a used image is replaced) when the answer demands it
  useEffect(() => {
    if (!failure) return;
    const refusal = failure.value as LoginRefusal | LoginVerificationChallenge | undefined;
    if (failure.errorCode === LOGIN_ERRORS.verify && refusal && 'verificationId' in refusal) setChallenge(refusal);
    if ((refusal as LoginRefusal | undefined)?.captcha || failure.errorCode === LOGIN_ERRORS.captcha) setCaptchaShown(true);
    if (failure.errorCode === LOGIN_ERRORS.remember) forgetToken();
    setCaptchaVersion((v) => v + 1);
    setValues((s) => ({ ...s, captcha: '' }));
  }, [failure]);

  if (challenge) {
    return (
      <LoginVerification
        challenge={challenge}
        onBack={() => setChallenge(null)}
        onLoggedIn={(value) => completeLogin(value, { type: 'username', agentPage, knownPassword: values.password })}
      />
    );
  }

  return (
    <>
      <Tabs
        tabs={[
          { id: 'username' as const, label: t('login.tabUsername') },
          ...(smsEnabled && !agentPage ? [{ id: 'sms' as const, label: t('login.tabSms') }] : []),
        ]}
        active={tab}
        onChange={(next) => {
          setTab(next);
          setAttempted(false);
          setFailure(null);
        }}
      />
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        {tab === 'username' ? (
          <>
            <Field
              name="username"
              label={t('login.username')}
              value={values.username}
              onChange={set('username')}
              error={errors.username}
              autoComplete="username"
            />
            <Field
              name="password"
              label={t('login.password')}
              type="password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              autoComplete="current-password"
              placeholder={byRememberToken ? t('login.rememberedPlaceholder') : undefined}
            />
          </>
        ) : (
          <>
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
              name="code"
              label={t('login.code')}
              value={values.code}
              onChange={set('code')}
              error={errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              addon={
                <SmsCodeButton
                  canSend={() => {
                    setAttempted(true);
                    return mobileIsValid(permission, values.mobileNum);
                  }}
                  send={() =>
                    apiRequest<SmsSent>('/wps/verification/sms/noLogin', {
                      method: 'POST',
                      body: { mobileNum: values.mobileNum.trim(), countryDialingCode: DIALING_CODE },
                    })
                  }
                />
              }
            />
          </>
        )}
        {captchaShown ? (
          <Field
            name="captcha"
            label={t('login.captcha')}
            value={values.captcha}
            onChange={set('captcha')}
            error={errors.captcha}
            autoComplete="off"
            addon={<Captcha version={captchaVersion} onId={onCaptchaId} />}
          />
        ) : null}
        {agentPage ? null : (
          <label className="auth-check">
            <input
              type="checkbox"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.target.checked)}
              data-testid="remember-me"
            />
            {t('login.remember')}
          </label>
        )}
        <ServerError failure={failure} />
        <button type="submit" className="k-button auth-form__submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      {agentPage ? null : (
        <>
          {freePlay ? <FreePlayButton /> : null}
          <SocialButtons />
          <div className="auth-links">
            <button type="button" className="k-link" onClick={() => setModal({ key: 'registerModal' })}>
              {t('login.toRegister')}
            </button>
            <button type="button" className="k-link" onClick={() => setModal({ key: 'forgetPassModal' })}>
              {t('login.forgot')}
            </button>
          </div>
        </>
      )}
    </>
  );
}

/** Free play: a trial login, then home. */
function FreePlayButton() {
  const { t } = useTranslation(NS);
  const completeLogin = useCompleteLogin();
  const { busy, failure, run } = useSubmit();
  return (
    <div className="auth-freeplay">
      <button
        type="button"
        className="k-button k-button--ghost"
        disabled={busy}
        data-testid="free-play"
        onClick={async () => {
          const value = await run(() =>
            apiRequest<LoginValue>('/wps/session/login/freeplay', {
              method: 'POST',
              body: { platform: 'W', gatewayVersion: 3, os: navigator.platform || 'web' },
            }),
          );
          if (value) completeLogin(value, { type: 'freeplay' });
        }}
      >
        {t('login.freePlay')}
      </button>
      <ServerError failure={failure} testId="free-play-error" />
    </div>
  );
}
