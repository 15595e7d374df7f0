import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, NavLink, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@khela/api-client';
import { clearSession, GUEST, loginStateAtom } from '@khela/session';
import { ConfirmDialog, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { gmtOffset } from '../features/clock';
import { BetsPage, LedgerPage, OverviewPage, ProfitPage } from '../features/team/reports';
import { ManagePage, RegisterPage } from '../features/team/members';
import { SalaryPage } from '../features/team/contracts';
import { useAgentText } from '../features/team/common';
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

/**
 * The pages the member centre and the storefront build, where the agent's account already works: the
 * shell shows them inside this layout (its Embed prop); without it, a link to them.
 */
const ELSEWHERE = {
  deposit: '/member/depositv2',
  withdraw: '/member/withdraw',
  agentAnnouncement: '/notice',
  platformMessages: '/member/messageV2',
  customerService: '/helpmc',
} as const;

function Elsewhere({ page }: { page: keyof typeof ELSEWHERE }) {
  const { t } = useAgentText();
  return (
    <div className="ag-card" data-testid="agent-elsewhere">
      <p>{t(`team.elsewhere.${page}`)}</p>
      <Link className="k-button" to={ELSEWHERE[page]}>
        {t('team.elsewhere.open')}
      </Link>
    </div>
  );
}

/** The shell's component that shows another area's page here (deposit, withdraw, announcements, messages, customer service). */
export type EmbedComponent = ComponentType<{ page: string }>;

function PageBody({ page, Embed }: { page: string; Embed?: EmbedComponent }) {
  if (Embed && page in ELSEWHERE)
    return (
      <Suspense fallback={<Loading />}>
        <Embed page={page} />
      </Suspense>
    );
  switch (page) {
    case 'agentTeamOverview':
      return <OverviewPage />;
    case 'registerCenter':
      return <RegisterPage />;
    case 'downlineManagmentView':
      return <ManagePage />;
    case 'personalHistoryCopy':
      return <BetsPage />;
    case 'palStatementsAgentCopy':
      return <ProfitPage />;
    case 'agentRevenueReport':
      return <LedgerPage income />;
    case 'agentDownlineTransactionDetailsCopy':
      return <LedgerPage income={false} />;
    case 'agentDividendRecordCopy2':
      return <SalaryPage kind="DIVIDEND" />;
    case 'agentDailyWages2':
      return <SalaryPage kind="DAILY" />;
    case 'agentHourSalary':
      return <SalaryPage kind="HOURLY" />;
    case 'agentRealtimeSalary':
      return <SalaryPage kind="REALTIME" />;
    default:
      return page in ELSEWHERE ? <Elsewhere page={page as keyof typeof ELSEWHERE} /> : <OverviewPage />;
  }
}

function AgentPage({ Embed }: { Embed?: EmbedComponent }) {
  const { t } = useTranslation(NS);
  const { page = 'agentTeamOverview' } = useParams();
  const known = (AGENT_MENU as readonly string[]).includes(page) ? page : 'agentTeamOverview';
  return (
    <section data-testid={`agent-page-${known}`}>
      <h2>{t(`menu.${known}`)}</h2>
      <PageBody page={known} Embed={Embed} />
    </section>
  );
}

export default function AgentHome({ Embed }: { Embed?: EmbedComponent }) {
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
            <Route index element={<AgentPage Embed={Embed} />} />
            <Route path=":page" element={<AgentPage Embed={Embed} />} />
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
