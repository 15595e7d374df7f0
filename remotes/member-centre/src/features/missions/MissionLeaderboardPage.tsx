import { useState } from 'react';
import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { MISSION_PATHS, type LeaderboardDto, type MissionDto } from '@khela/api/promotions';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';
import { ClaimFeedback, useClaim } from '../../common/rewards/claim';
import { NS } from '../../i18n';
import { bn, en } from './locales';
import '../../common/rewards/rewards.css';

addNamespace(NS, { bn, en });

/** missionLeaderboard: the missions with this period's progress and claim, and the leaderboard. */
export default function MissionLeaderboardPage() {
  const { t, lang, money, time, num } = useMoney();
  const missions = useLoad((signal) => apiRequest<MissionDto[]>(MISSION_PATHS.list, { signal, query: { lang } }), [lang]);
  const [period, setPeriod] = useState<'DAY' | 'WEEK'>('WEEK');
  const board = useLoad(
    (signal) => apiRequest<LeaderboardDto>(MISSION_PATHS.leaderboard, { signal, query: { period } }),
    [period],
  );
  const {
    busy,
    notice,
    failed,
    claim: run,
  } = useClaim('missions', () => {
    missions.reload();
    board.reload();
  });
  const claim = (id: number) =>
    run(
      id,
      () => apiRequest<{ amount: string }>(MISSION_PATHS.claim, { method: 'POST', body: { id } }),
      (r) => t('missions.paid', { amount: money(r.amount) }),
    );

  return (
    <div data-testid="missions-page">
      <h2>{t('missions.title')}</h2>
      <ClaimFeedback notice={notice} failed={failed} testId="mission" />
      {missions.loading && !missions.value ? <Loading /> : null}
      {missions.error && !missions.value ? <ErrorState onRetry={missions.reload} /> : null}
      {missions.value && !missions.value.length ? <EmptyState>{t('missions.none')}</EmptyState> : null}
      {missions.value?.length ? (
        <ul className="rw-list" data-testid="mission-list">
          {missions.value.map((m) => {
            const pct = Number((BigInt(m.progress) * BigInt(100)) / BigInt(m.target));
            const status = m.claimed ? 'CLAIMED' : m.claimable ? 'READY' : 'ISSUED';
            return (
              <li key={m.id} className="rw-card" data-testid={`mission-${m.code}`} data-status={status}>
                <div className="rw-head">
                  <strong className="rw-title">{m.title}</strong>
                  <span className={`rw-chip rw-chip--${status.toLowerCase()}`}>{t(`missions.period.${m.period}`)}</span>
                </div>
                <div
                  className="rw-bar"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  aria-label={t('missions.progress', { done: money(m.progress), target: money(m.target) })}
                >
                  <span style={{ width: `${pct}%` }} />
                </div>
                <p className="rw-small">{t('missions.progress', { done: money(m.progress), target: money(m.target) })}</p>
                <p className="rw-small">{t('missions.reward', { amount: money(m.reward) })}</p>
                <p className="rw-small">{t('missions.ends', { time: time(m.periodEndsAt) })}</p>
                {m.claimed ? (
                  <span className="rw-chip rw-chip--claimed">{t('missions.claimed')}</span>
                ) : (
                  <button
                    type="button"
                    className="k-button"
                    data-testid={`claim-mission-${m.code}`}
                    disabled={!m.claimable || busy !== null}
                    onClick={() => void claim(m.id)}
                  >
                    {t('missions.claim')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      <h2>{t('missions.board')}</h2>
      <div className="msg-bar" role="tablist">
        {(['DAY', 'WEEK'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === period}
            className={p === period ? 'k-button' : 'k-button k-button--ghost'}
            onClick={() => setPeriod(p)}
          >
            {t(`missions.boardPeriod.${p}`)}
          </button>
        ))}
      </div>
      {board.loading && !board.value ? <Loading /> : null}
      {board.error && !board.value ? <ErrorState onRetry={board.reload} /> : null}
      {board.value && !board.value.list.length ? <EmptyState>{t('missions.boardEmpty')}</EmptyState> : null}
      {board.value?.list.length ? (
        <table className="rw-board" data-testid="leaderboard">
          <thead>
            <tr>
              <th>{t('missions.rank')}</th>
              <th>{t('missions.player')}</th>
              <th>{t('missions.validBet')}</th>
            </tr>
          </thead>
          <tbody>
            {board.value.list.map((r) => (
              <tr key={r.rank} data-me={r.me}>
                <td>{num(r.rank)}</td>
                <td>
                  {r.account}
                  {r.me ? ` (${t('missions.you')})` : ''}
                </td>
                <td>{money(r.validBet)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
