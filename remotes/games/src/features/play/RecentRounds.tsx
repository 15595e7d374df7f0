import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fromMinor } from '@khela/api';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../../i18n';
import { formatNumber, formatTime, money, useLang } from '../../lib/format';
import type { EngineView } from '../../engines/types';
import type { RoundsState } from './useGameSession';

interface RecentRoundsProps {
  token: string;
  view: EngineView;
  rounds: RoundsState;
  onRefresh: () => void;
  onOlder: () => void;
}

/** The member's recent rounds of this game, newest first, each with a link to verify it. */
export function RecentRounds({ token, view, rounds, onRefresh, onOlder }: RecentRoundsProps) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  let body;
  if (rounds.list === null && rounds.errorCode)
    body = <ErrorState errorCode={rounds.errorCode} onRetry={onRefresh} testId="rounds-error" />;
  else if (rounds.list === null) body = <Loading />;
  else if (rounds.list.length === 0) body = <EmptyState>{t('rounds.empty')}</EmptyState>;
  else
    body = (
      <ol className="kg-rounds" data-testid="recent-rounds">
        {rounds.list.map((r) => {
          const payout = fromMinor(r.payout);
          return (
            <li key={r.id} className="kg-rounds__item" data-testid="recent-round" data-round={r.id}>
              <span className="kg-rounds__nonce">
                <span className="kg-sr-only">{t('rounds.nonce')} </span>#{formatNumber(r.nonce, lang)}
              </span>
              <span className="kg-rounds__outcome">{view.summary(r.outcome as never, r.params as never, t, lang)}</span>
              <span className="kg-rounds__money">
                <span className="kg-muted">{money(r.stake, lang)}</span>
                <span aria-hidden="true"> → </span>
                <span className="kg-sr-only"> {t('rounds.payout')} </span>
                <strong className={payout > 0n ? 'kg-win' : undefined}>{money(payout, lang)}</strong>
              </span>
              <span className="kg-rounds__time kg-muted">{formatTime(r.createdAt, lang)}</span>
              <Link
                className="kg-link kg-rounds__verify"
                to={`/play/verify?${new URLSearchParams({ round: r.id, token })}`}
                aria-label={t('rounds.verifyRound', { nonce: formatNumber(r.nonce, lang) })}
                data-testid="verify-link"
              >
                {t('rounds.verify')}
              </Link>
              <span className="kg-rounds__notes">
                {r.mode === 'DEMO' ? <span className="kg-badge kg-badge--small">{t('page.demoBadge')}</span> : null}
                {r.status === 'PENDING' ? (
                  <span className="kg-badge kg-badge--small kg-badge--wait" data-testid="round-pending">
                    {t('rounds.pending')}
                  </span>
                ) : null}
                {r.status === 'ROLLED_BACK' ? (
                  <span className="kg-badge kg-badge--small" data-testid="round-rolled-back">
                    {t('rounds.rolledBack')}
                  </span>
                ) : null}
                {r.serverSeed ? null : <span className="kg-muted">{t('rounds.sealed')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    );
  const older =
    rounds.list && rounds.list.length > 0 && rounds.more ? (
      <button
        type="button"
        className="kg-btn kg-rounds__older"
        onClick={onOlder}
        disabled={rounds.loading}
        data-testid="older-rounds"
      >
        {t('rounds.older')}
      </button>
    ) : null;
  return (
    <section className="kg-panel" aria-labelledby="kg-rounds-title" data-testid="rounds-panel">
      <div className="kg-panel__head">
        <h2 id="kg-rounds-title">{t('rounds.title')}</h2>
        <button type="button" className="kg-link" onClick={onRefresh} disabled={rounds.loading}>
          {t('rounds.refresh')}
        </button>
      </div>
      {body}
      {rounds.list && rounds.errorCode ? (
        <ErrorState errorCode={rounds.errorCode} onRetry={onRefresh} testId="rounds-error" />
      ) : null}
      {older}
    </section>
  );
}
