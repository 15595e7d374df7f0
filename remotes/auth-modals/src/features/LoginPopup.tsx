import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { modalAtom, permissionAtom, setToken } from '@khela/session';
import { Form } from './forms/Form';
import { Tabs } from './forms/Tabs';
import { NS } from '../i18n';

type LoginTab = 'username' | 'sms';

/** Login popup: username tab, SMS tab only when verification-code login is enabled. */
export function LoginForm({ agentPage = false, onLoggedIn }: { agentPage?: boolean; onLoggedIn: () => void }) {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const setModal = useSetAtom(modalAtom);
  const [tab, setTab] = useState<LoginTab>('username');
  const [remember, setRemember] = useState(false);
  const smsEnabled = isFlagEnabled(permission?.whitelabel, 'SMSLOGIN3');
  const fields =
    tab === 'username'
      ? [
          { name: 'username', label: t('login.username'), autoComplete: 'username' },
          { name: 'password', label: t('login.password'), type: 'password' as const, autoComplete: 'current-password' },
        ]
      : [
          { name: 'username', label: t('login.mobileNum'), type: 'tel' as const, autoComplete: 'tel' },
          { name: 'password', label: t('login.code'), autoComplete: 'one-time-code' },
        ];
  return (
    <>
      <Tabs
        tabs={[{ id: 'username' as const, label: t('login.tabUsername') }, ...(smsEnabled ? [{ id: 'sms' as const, label: t('login.tabSms') }] : [])]}
        active={tab}
        onChange={setTab}
      />
      <Form
        key={tab}
        testId="login-form"
        fields={fields}
        submitLabel={t('login.submit')}
        request={(v) => ({ path: '/wps/session/login', method: 'POST', body: { username: v.username, password: v.password, type: tab, captcha: '' } })}
        onSuccess={(value) => {
          setToken((value as { token: string }).token);
          onLoggedIn();
        }}
      >
        {agentPage ? null : (
          <label className="auth-check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.remember')}
          </label>
        )}
      </Form>
      {agentPage ? null : (
        <div className="auth-links">
          <button type="button" className="k-link" onClick={() => setModal({ key: 'registerModal' })}>{t('login.toRegister')}</button>
          <button type="button" className="k-link" onClick={() => setModal({ key: 'forgetPassModal' })}>{t('login.forgot')}</button>
        </div>
      )}
    </>
  );
}
