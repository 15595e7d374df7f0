import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { permissionAtom } from '@khela/session';
import { NS } from '../i18n';
import { LoginForm } from '../features/LoginPopup';
import '../auth.css';

/** /agent: the login form titled agent back office, with the support hours. */
export default function AgentLanding() {
  const { t } = useTranslation(NS);
  const hours = useAtomValue(permissionAtom)?.supportHours;
  return (
    <div className="auth-agent" data-testid="agent-landing">
      <div className="auth-agent__card">
        <h1>{t('agent.title')}</h1>
        <LoginForm agentPage />
        <p className="auth-agent__hours">{t('agent.supportHours', { hours: hours ?? t('agent.supportHoursDefault') })}</p>
      </div>
    </div>
  );
}
