import { Fragment, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { apiRequest, ApiError } from '@khela/api-client';
import { REGISTER_ERRORS, type AffiliateCheck, type LoginValue, type RegistrationUser, type SmsSent } from '@khela/api/auth';
import { sealedRequest } from '@khela/api-client/seal';
import { modalAtom, permissionAtom } from '@khela/session';
import { registrationSchema, validate, type FieldErrors } from '@khela/validation';
import { Modal } from '@khela/ui';
import { Field } from './forms/Field';
import { Tabs } from './forms/Tabs';
import { Captcha } from './forms/Captcha';
import { SmsCodeButton } from './forms/SmsCodeButton';
import { ServerError } from './forms/ServerError';
import { useSubmit } from './forms/useSubmit';
import { errorsOf } from './forms/errors';
import { referralFromUrl } from './flows/referral';
import { SocialButtons } from './SocialLogin';
import { useCompleteLogin } from './flows/useCompleteLogin';
import { deviceId } from './flows/remember';
import { DIALING_CODE, mobileIsValid, passwordRule, ruleFor } from './rules';
import { NS } from '../i18n';

type RegTab = 'username' | 'mobile';

/** Fields the operator can configure, in the order the form shows them (after the credentials). */
const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'mobileNum',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
] as const;
const INPUT_TYPE: Partial<Record<string, 'password' | 'email' | 'tel'>> = {
  paymentPassword: 'password',
  email: 'email',
  mobileNum: 'tel',
  whatsapp: 'tel',
};

export { referralFromUrl } from './flows/referral';

/**
 * Register popup: tabs by USERNAMEREG3 and MOBILENUMREG3; every field the operator enabled, with
 * the operator's rules; the SMS code when phone verification is on; the captcha when configured;
 * the terms box; the affiliate-code check; the referral code from the link. Then log in and home.
 */
export function RegisterPopup() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const setModal = useSetAtom(modalAtom);
  const completeLogin = useCompleteLogin();
  const { busy, failure, run } = useSubmit();
  const flags = permission?.whitelabel;
  const tabs = [
    ...(isFlagEnabled(flags, 'USERNAMEREG3') ? [{ id: 'username' as const, label: t('register.tabUsername') }] : []),
    ...(isFlagEnabled(flags, 'MOBILENUMREG3') ? [{ id: 'mobile' as const, label: t('register.tabMobile') }] : []),
  ];
  const [picked, setTab] = useState<RegTab | null>(null);
  const tab = picked ?? tabs[0]?.id;
  const [values, setValues] = useState<Record<string, string>>(() => ({ referralCode: referralFromUrl() }));
  const [terms, setTerms] = useState(false);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  // the operator's age question (18 or 21) and dialing codes (COUNTRYCODE3), checked again by the server
  const minAge = permission?.registrationAge ?? 0;
  const dialingCodes = permission?.dialingCodes?.length ? permission.dialingCodes : [DIALING_CODE];
  const [dialing, setDialing] = useState<string | null>(null);
  const dialingCode = dialing && dialingCodes.includes(dialing) ? dialing : dialingCodes[0];
  const [attempted, setAttempted] = useState(false);
  const [serverFields, setServerFields] = useState<FieldErrors>({});
  const [affiliateInvalid, setAffiliateInvalid] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const onCaptchaId = useCallback((id: string | null) => setCaptchaId(id), []);

  const smsVerification = isFlagEnabled(flags, 'REGMOBVERF3');
  const passwordOnMobile = isFlagEnabled(flags, 'MOBILENUMPASSREG3');
  const rules = useMemo(
    () =>
      (permission?.registrationFieldRules ?? [])
        .filter((r) => !(tab === 'mobile' && !passwordOnMobile && r.field === 'password'))
        .filter((r) => !(tab === 'mobile' && r.field === 'username'))
        .map((r) => (r.field === 'password' ? passwordRule(permission) : r))
        .concat(
          tab === 'mobile' && !permission?.registrationFieldRules?.some((r) => r.field === 'mobileNum')
            ? [ruleFor(permission, 'mobileNum')]
            : [],
        ),
    [permission, tab, passwordOnMobile],
  );
  const enabled = (field: string) => rules.some((r) => r.field === field && r.enabled);
  const captchaShown = enabled('captcha');
  const smsShown = smsVerification && (tab === 'mobile' || enabled('mobileNum'));
  const schema = registrationSchema(rules, {
    tab: tab ?? 'username',
    smsCodeShown: smsShown,
    captchaShown,
    termsShown: true,
    minAge,
  });
  const input = { ...values, terms, ageConfirmed, smsCode: values.verificationCode };
  const errors: FieldErrors = attempted ? { ...errorsOf(validate(schema, input)), ...serverFields } : {};
  if (errors.smsCode) errors.verificationCode = errors.smsCode;

  // the server's field errors (same rules, checked again there) show under their fields
  useEffect(() => {
    if (failure?.errorCode === REGISTER_ERRORS.invalid)
      setServerFields((failure.value as { fields?: FieldErrors } | undefined)?.fields ?? {});
  }, [failure]);

  if (!tab) return <p data-testid="register-closed">{t('register.noMethod')}</p>;
  const set = (name: string) => (v: string) => {
    setValues((s) => ({ ...s, [name]: v }));
    setServerFields((f) => ({ ...f, [name]: '' }));
  };
  const field = (name: string, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      key={name}
      name={name}
      label={label}
      value={values[name] ?? ''}
      onChange={set(name)}
      error={errors[name] || undefined}
      type={INPUT_TYPE[name]}
      {...extra}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    setServerFields({});
    if (!terms) return; // the inline terms error shows first
    if (!validate(schema, input).success) return;
    const affiliateCode = values.affiliateCode?.trim();
    if (affiliateCode) {
      const check = await run(() =>
        apiRequest<AffiliateCheck>('/wps/agent/affiliate', { query: { code: affiliateCode, domain: window.location.host } }),
      );
      if (!check) return;
      if (!check.valid) {
        setAffiliateInvalid(true);
        return;
      }
    }
    const body: RegistrationUser = {
      ...Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v !== '')
          .map(([k, v]) => [k, k.toLowerCase().includes('password') ? v : v.trim()]),
      ),
      ...(captchaShown ? { captchaId: captchaId ?? '' } : {}),
      ...(values.mobileNum ? { countryDialingCode: dialingCode } : {}),
      ...(minAge ? { ageConfirmed } : {}),
      login: true,
      registerMethod: 'WEB',
      registerUrl: window.location.href,
      domain: window.location.host,
      deviceId: deviceId(),
    };
    const value = await run(() =>
      sealedRequest<LoginValue>(tab === 'username' ? '/wps/member/register' : '/wps/member/register/mobile', {
        method: 'PUT',
        body,
      }),
    );
    if (value) {
      completeLogin(value, { type: 'register' });
      return;
    }
    setCaptchaVersion((v) => v + 1);
  }
  // beside the mobile number: the operator's dialing codes (COUNTRYCODE3), when there is a choice
  const dialingSelect =
    dialingCodes.length > 1 ? (
      <label className="auth-field">
        <span>{t('register.dialingCode')}</span>
        <select value={dialingCode} onChange={(e) => setDialing(e.target.value)} data-testid="register-dialing-code">
          {dialingCodes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {errors.countryDialingCode ? (
          <small className="auth-field__error" role="alert">
            {errors.countryDialingCode}
          </small>
        ) : null}
      </label>
    ) : null;
  const refusal = failure instanceof ApiError ? failure : null;

  return (
    <>
      <Tabs
        tabs={tabs}
        active={tab}
        onChange={(next) => {
          setTab(next);
          setAttempted(false);
        }}
      />
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
        {tab === 'username' ? field('username', t('register.fields.username'), { autoComplete: 'username' }) : null}
        {tab === 'mobile' ? dialingSelect : null}
        {tab === 'mobile' ? field('mobileNum', t('register.fields.mobileNum'), { autoComplete: 'tel', inputMode: 'tel' }) : null}
        {enabled('password') ? (
          <>
            {field('password', t('register.fields.password'), { type: 'password', autoComplete: 'new-password' })}
            {field('confirmPassword', t('register.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
          </>
        ) : null}
        {OPTIONAL_FIELDS.filter((f) => enabled(f) && !(tab === 'mobile' && f === 'mobileNum')).map((f) =>
          f === 'mobileNum' ? (
            <Fragment key={f}>
              {dialingSelect}
              {field(f, t(`register.fields.${f}`))}
            </Fragment>
          ) : (
            field(f, t(`register.fields.${f}`))
          ),
        )}
        {smsShown
          ? field('verificationCode', t('login.code'), {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              addon: (
                <SmsCodeButton
                  canSend={() => {
                    const ok = mobileIsValid(permission, values.mobileNum);
                    if (!ok) setAttempted(true);
                    return ok;
                  }}
                  send={() =>
                    apiRequest<SmsSent>('/wps/verification/sms/register', {
                      method: 'POST',
                      body: { mobileNo: (values.mobileNum ?? '').trim(), countryDialingCode: dialingCode, by: tab },
                    })
                  }
                />
              ),
            })
          : null}
        {values.referralCode ? field('referralCode', t('register.fields.referralCode')) : null}
        {captchaShown
          ? field('captcha', t('login.captcha'), {
              autoComplete: 'off',
              addon: <Captcha version={captchaVersion} onId={onCaptchaId} />,
            })
          : null}
        <label className="auth-check">
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} data-testid="register-terms" />
          {t('register.terms')}
        </label>
        {attempted && !terms ? (
          <small className="auth-field__error" role="alert">
            {t('errors.terms')}
          </small>
        ) : null}
        {minAge ? (
          <>
            <label className="auth-check">
              <input
                type="checkbox"
                checked={ageConfirmed}
                onChange={(e) => setAgeConfirmed(e.target.checked)}
                data-testid="register-age"
              />
              {t('register.ageConfirm', { age: minAge })}
            </label>
            {errors.ageConfirmed ? (
              <small className="auth-field__error" role="alert" data-testid="register-age-error">
                {errors.ageConfirmed}
              </small>
            ) : null}
          </>
        ) : null}
        <p className="auth-note" data-testid="register-limit-prompt">
          {t('register.limitPrompt')}
        </p>
        {refusal?.errorCode === REGISTER_ERRORS.invalid ? null : <ServerError failure={failure} />}
        <button type="submit" className="k-button auth-form__submit" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
      <SocialButtons />
      <div className="auth-links">
        <button type="button" className="k-link" onClick={() => setModal({ key: 'loginPopupModal' })}>
          {t('register.toLogin')}
        </button>
      </div>
      {affiliateInvalid ? (
        <Modal title={t('register.affiliateTitle')} onClose={() => setAffiliateInvalid(false)} testId="affiliate-warning">
          <p>{t('errors.AFFILIATE_CODE_INVALID')}</p>
          <div className="k-dialog-actions">
            <button type="button" className="k-button" onClick={() => setAffiliateInvalid(false)}>
              {t('common:confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/**
 * Shown once a registration has signed the new player in: the responsible-gambling prompt to set a
 * deposit limit before the first deposit (the limits page), or not now.
 */
export function DepositLimitPrompt() {
  const { t } = useTranslation(NS);
  const setModal = useSetAtom(modalAtom);
  const navigate = useNavigate();
  return (
    <div className="auth-form">
      <p data-testid="deposit-limit-prompt-text">{t('register.welcomeLimit')}</p>
      <button
        type="button"
        className="k-button auth-form__submit"
        onClick={() => {
          setModal(null);
          navigate('/member/responsibleGaming');
        }}
      >
        {t('register.setLimit')}
      </button>
      <button type="button" className="k-button k-button--ghost" onClick={() => setModal(null)}>
        {t('register.notNow')}
      </button>
    </div>
  );
}
