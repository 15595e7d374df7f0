import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { modalAtom } from '@khela/session';
import { Modal } from '@khela/ui';
import { NS } from '../i18n';
import { LoginForm } from '../features/LoginPopup';
import { SocialReturn } from '../features/SocialLogin';
import { DepositLimitPrompt, RegisterPopup } from '../features/RegisterPopup';
import { ChangePasswordPopup, ForgotPopup } from '../features/PasswordPopups';
import '../auth.css';

/** Mounted once by the shell; shows the sign-in modal the session store names. */
export default function AuthModals() {
  const { t } = useTranslation(NS);
  const [modal, setModal] = useAtom(modalAtom);
  const close = () => setModal(null);
  switch (modal?.key) {
    case 'loginPopupModal':
    case 'loginModal':
      return (
        <Modal title={t('login.title')} onClose={close} testId="login-modal">
          {/* back from a social sign-in: its code completes the login, or its refusal is shown above the form */}
          {modal.props?.social || modal.props?.socialError ? (
            <SocialReturn code={modal.props.social} error={modal.props.socialError} />
          ) : null}
          {modal.props?.social ? null : <LoginForm />}
        </Modal>
      );
    case 'registerModal':
      if (modal.props?.step === 'limit') {
        return (
          <Modal title={t('register.welcomeTitle')} onClose={close} testId="deposit-limit-prompt">
            <DepositLimitPrompt />
          </Modal>
        );
      }
      return (
        <Modal title={t('register.title')} onClose={close} testId="register-modal">
          <RegisterPopup />
        </Modal>
      );
    case 'forgetPassModal':
      return (
        <Modal title={t('forgot.title')} onClose={close} testId="forgot-modal">
          <ForgotPopup />
        </Modal>
      );
    case 'changePassModal':
      return (
        <Modal title={t('change.title')} onClose={close} testId="change-password-modal">
          <ChangePasswordPopup
            knownPassword={modal.props?.knownPassword}
            forced={modal.props?.forced === '1'}
            passwordSetup={modal.props?.passwordSetup === '1'}
          />
        </Modal>
      );
    default:
      return null;
  }
}
