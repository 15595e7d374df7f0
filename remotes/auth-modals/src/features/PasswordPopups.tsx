import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { modalAtom, permissionAtom } from '@khela/session';
import { Form } from './forms/Form';
import { Tabs } from './forms/Tabs';
import { NS } from '../i18n';

/** Forgot password: e-mail tab, and the mobile tab when phone verification is on. */
export function ForgotPopup() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const [tab, setTab] = useState<'email' | 'mobile'>('email');
  const phone = isFlagEnabled(permission?.whitelabel, 'REGMOBVERF3');
  return (
    <>
      <Tabs
        tabs={[{ id: 'email' as const, label: t('forgot.tabEmail') }, ...(phone ? [{ id: 'mobile' as const, label: t('forgot.tabMobile') }] : [])]}
        active={tab}
        onChange={setTab}
      />
      <Form
        key={tab}
        testId="forgot-form"
        fields={
          tab === 'email'
            ? [{ name: 'username', label: t('login.username') }, { name: 'email', label: t('forgot.email'), type: 'email' as const }]
            : [{ name: 'mobileNum', label: t('login.mobileNum'), type: 'tel' as const }, { name: 'verificationCode', label: t('login.code') }, { name: 'newPassword', label: t('change.newPassword'), type: 'password' as const }]
        }
        submitLabel={t('forgot.submit')}
        request={(v) => ({ path: tab === 'email' ? '/wps/member/password/email' : '/wps/member/password/verification', method: 'POST', body: v })}
      />
    </>
  );
}

/** Change password: old, new, and the confirmation ('inconsistent twice'). */
export function ChangePasswordPopup() {
  const { t } = useTranslation(NS);
  const setModal = useSetAtom(modalAtom);
  return (
    <Form
      testId="change-password-form"
      fields={[
        { name: 'oldPassword', label: t('change.oldPassword'), type: 'password', autoComplete: 'current-password' },
        { name: 'newPassword', label: t('change.newPassword'), type: 'password', autoComplete: 'new-password' },
        { name: 'confirmNewPassword', label: t('change.confirmNewPassword'), type: 'password', autoComplete: 'new-password', equals: 'newPassword' },
      ]}
      submitLabel={t('change.submit')}
      request={(v) => ({ path: '/wps/member/password', method: 'POST', body: v })}
      onSuccess={() => setModal(null)}
    />
  );
}
