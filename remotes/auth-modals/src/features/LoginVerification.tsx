import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@khela/api-client';
import { type LoginValue, type LoginVerificationChallenge, type SmsSent } from '@khela/api/auth';
import { formSchema, validate } from '@khela/validation';
import { Field } from './forms/Field';
import { Tabs } from './forms/Tabs';
import { SmsCodeButton } from './forms/SmsCodeButton';
import { ServerError } from './forms/ServerError';
import { useSubmit } from './forms/useSubmit';
import { errorsOf } from './forms/errors';
import { NS } from '../i18n';

/**
 * Extra verification of a login from an unknown IP: a code to the bound mobile or e-mail, (GOOGLE)
 * a code of the member's authenticator app or one of its recovery codes, or (BANK) the account name
 * of the member's bound bank account.
 */
export function LoginVerification({
  challenge,
  onBack,
  onLoggedIn,
}: {
  challenge: LoginVerificationChallenge;
  onBack: () => void;
  onLoggedIn: (value: LoginValue) => void;
}) {
  const { t } = useTranslation(NS);
  const [method, setMethod] = useState(challenge.methods[0]);
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { busy, failure, run } = useSubmit();
  const schema = formSchema([{ name: 'code', emptyKey: 'verificationCode', max: 255 }]);
  const errors = attempted ? errorsOf(validate(schema, { code })) : {};
  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!validate(schema, { code }).success) return;
    const value = await run(() =>
      apiRequest<LoginValue>('/wps/session/login/verification', {
        method: 'POST',
        body: { verificationId: challenge.verificationId, method, code: code.trim() },
      }),
    );
    if (value) onLoggedIn(value);
  }
  const target = method === 'MOBILE' ? challenge.maskedMobile : challenge.maskedEmail;
  const google = method === 'GOOGLE';
  // BANK: the account name of the member's bound bank account; nothing is sent
  const bank = method === 'BANK';
  const typed = google || bank;
  return (
    <div data-testid="login-verification">
      <p>{t('verify.intro')}</p>
      <Tabs tabs={challenge.methods.map((m) => ({ id: m, label: t(`verify.${m}`) }))} active={method} onChange={setMethod} />
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="auth-note">
          {google ? t('verify.googleNote') : bank ? t('verify.bankNote') : t('verify.sentTo', { target: target ?? '' })}
        </p>
        <Field
          name="code"
          label={google ? t('verify.googleCode') : bank ? t('verify.bankName') : t('login.code')}
          value={code}
          onChange={setCode}
          error={errors.code}
          inputMode={typed ? 'text' : 'numeric'}
          autoComplete={bank ? 'off' : 'one-time-code'}
          addon={
            typed ? undefined : (
              <SmsCodeButton
                key={method}
                canSend={() => true}
                send={() =>
                  apiRequest<SmsSent>('/wps/session/login/verification/send', {
                    method: 'POST',
                    body: { verificationId: challenge.verificationId, method },
                  })
                }
                testId="verify-send"
              />
            )
          }
        />
        <ServerError failure={failure} />
        <button type="submit" className="k-button auth-form__submit" disabled={busy}>
          {t('verify.submit')}
        </button>
      </form>
      <button type="button" className="k-link" onClick={onBack}>
        {t('verify.back')}
      </button>
    </div>
  );
}
