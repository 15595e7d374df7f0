import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@khela/api';
import { clearSession, GUEST, loginStateAtom } from '@khela/session';
import { ConfirmDialog, EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import { gmtOffset } from '../features/clock';
import '../agent.css';

export const AGENT_MENU = [
  'deposit',
  'withdraw',
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'platformMessages',
  'customerService',
] as const;

/** The live clock of the header, updated every second. */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <time dateTime={now.toISOString()} data-testid="agent-clock">
      {now.toLocaleTimeString('en-GB')}
    </time>
  );
}

function AgentPage() {
  const { t } = useTranslation(NS);
  const { page = 'agentTeamOverview' } = useParams();
  return (
    <section data-testid={`agent-page-${page}`}>
      <h2>{t(`menu.${page}`, { defaultValue: t('menu.agentTeamOverview') })}</h2>
      <EmptyState>{t('nothingYet')}</EmptyState>
    </section>
  );
}

export default function AgentHome() {
  const { t } = useTranslation(NS);
  const login = useAtomValue(loginStateAtom);
  const setLogin = useSetAtom(loginStateAtom);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  async function signOut() {
    setAsking(false);
    await apiRequest('/wps/session/logout', { method: 'DELETE' }).catch(() => undefined);
    clearSession();
    setLogin(GUEST);
    navigate('/agent'); // logout from the agent centre returns to /agent
  }
  return (
    <div className="agent" data-testid="agent-home">
      <header className="agent-header">
        <strong>{t('title')}</strong>
        <span>{t('gmt', { offset: gmtOffset(new Date()) })}</span>
        <Clock />
        <span className="agent-nick">{login.member?.nickname ?? login.userInfo?.userName}</span>
        <button type="button" className="k-button k-button--ghost" onClick={() => setAsking(true)}>
          {t('signOut')}
        </button>
      </header>
      <div className="agent-body">
        <nav className="agent-menu">
          {AGENT_MENU.map((key) => (
            <NavLink key={key} to={`/agentHome/${key}`}>
              {t(`menu.${key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="agent-content">
          <Routes>
            <Route index element={<AgentPage />} />
            <Route path=":page" element={<AgentPage />} />
          </Routes>
        </div>
      </div>
      {asking ? (
        <ConfirmDialog title={t('signOut')} onConfirm={signOut} onCancel={() => setAsking(false)}>
          <p>{t('confirmSignOut')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
