import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { modalAtom, permissionAtom } from '@khela/session';
import { Form } from './forms/Form';
import { Tabs } from './forms/Tabs';
import { NS } from '../i18n';

type RegTab = 'username' | 'mobile';

/** Register popup: tabs by the flags USERNAMEREG3 and MOBILENUMREG3, and the terms box. */
export function RegisterPopup() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const setModal = useSetAtom(modalAtom);
  const tabs = [
    ...(isFlagEnabled(permission?.whitelabel, 'USERNAMEREG3') ? [{ id: 'username' as const, label: t('register.tabUsername') }] : []),
    ...(isFlagEnabled(permission?.whitelabel, 'MOBILENUMREG3') ? [{ id: 'mobile' as const, label: t('register.tabMobile') }] : []),
  ];
  const [picked, setTab] = useState<RegTab | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const tab = picked ?? tabs[0]?.id;
  if (!tab) return <p>{t('register.noMethod')}</p>;
  const fields = [
    tab === 'username'
      ? { name: 'username', label: t('login.username'), autoComplete: 'username' }
      : { name: 'mobileNum', label: t('login.mobileNum'), type: 'tel' as const, autoComplete: 'tel' },
    { name: 'password', label: t('login.password'), type: 'password' as const, autoComplete: 'new-password' },
    { name: 'confirmPassword', label: t('register.confirmPassword'), type: 'password' as const, autoComplete: 'new-password', equals: 'password' },
  ];
  return (
    <>
      <Tabs tabs={tabs} active={tab} onChange={setTab} />
      <Form
        key={tab}
        testId="register-form"
        fields={fields}
        submitLabel={t('register.submit')}
        precheck={() => {
          setTermsError(!terms);
          return terms ? null : 'errors.terms';
        }}
        request={(v) => ({
          path: tab === 'username' ? '/wps/member/register' : '/wps/member/register/mobile',
          method: 'PUT',
          body: { ...v, registerMethod: 'WEB', login: true, domain: window.location.host },
        })}
        onSuccess={() => setModal({ key: 'loginPopupModal' })}
      >
        <label className="auth-check">
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          {t('register.terms')}
        </label>
        {termsError ? <small className="auth-field__error" role="alert">{t('errors.terms')}</small> : null}
      </Form>
      <div className="auth-links">
        <button type="button" className="k-link" onClick={() => setModal({ key: 'loginPopupModal' })}>{t('register.toLogin')}</button>
      </div>
    </>
  );
}
