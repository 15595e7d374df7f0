import { useState } from 'react';
import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { REBATE_PATH, type RebateDto } from '@khela/api/member-centre';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import { bn, en } from './locales';
import './rebate.css';

addNamespace(NS, { bn, en });

const fetchRebate = (signal?: AbortSignal) => apiRequest<RebateDto>(REBATE_PATH, { signal });
const claimRebate = () => apiRequest<RebateDto>(REBATE_PATH, { method: 'POST', body: {} });

/** manualRebate: what can be claimed now by game type, the claim (once a day), and the claims made. */
export default function RebatePage() {
  const { t, money, time, num } = useMoney();
  const errorText = useErrorText();
  const loaded = useLoad((signal) => fetchRebate(signal));
  const [after, setAfter] = useState<RebateDto | null>(null);
  const [claimed, setClaimed] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const data = after ?? loaded.value;

  if (loaded.loading && !data) return <Loading />;
  if (loaded.error && !data) return <ErrorState message={errorText(loaded.error)} onRetry={loaded.reload} />;
  const r = data!;
  const claim = async () => {
    setBusy(true);
    setFailure(null);
    const total = r.total;
    try {
      setAfter(await claimRebate());
      setClaimed(total);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const canClaim = !r.claimedThisPeriod && BigInt(r.total) > BigInt(0);
  return (
    <div className="rb" data-testid="rebate-page">
      <section aria-labelledby="rb-now">
        <h3 id="rb-now">{t('rebate.claimable')}</h3>
        <p className="rb-muted">{r.since ? t('rebate.since', { when: time(r.since) }) : t('rebate.sinceStart')}</p>
        {r.lines.length ? (
          <table className="rb-table" data-testid="rebate-lines">
            <thead>
              <tr>
                <th>{t('rebate.gameType')}</th>
                <th>{t('rebate.validBet')}</th>
                <th>{t('rebate.rate')}</th>
                <th>{t('rebate.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.gameType}>
                  <td>{l.gameType}</td>
                  <td>{money(l.validBet)}</td>
                  <td>{num(l.rateBp / 100)}%</td>
                  <td>{money(l.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={3}>{t('rebate.total')}</th>
                <td data-testid="rebate-total">{money(r.total)}</td>
              </tr>
            </tfoot>
          </table>
        ) : null}
        {claimed ? (
          <p className="rb-ok" role="status" data-testid="rebate-claimed">
            {t('rebate.claimed', { amount: money(claimed) })}
          </p>
        ) : null}
        {failure ? <ErrorState message={errorText(failure)} testId="rebate-error" /> : null}
        {r.claimedThisPeriod ? (
          <p className="rb-muted" data-testid="rebate-claimed-today">
            {t('rebate.claimedToday')}
          </p>
        ) : !r.lines.length ? (
          <EmptyState>{t('rebate.nothing')}</EmptyState>
        ) : null}
        <button type="button" className="k-button" onClick={claim} disabled={busy || !canClaim} data-testid="rebate-claim">
          {busy ? t('rebate.claiming') : t('rebate.claim', { amount: money(r.total) })}
        </button>
      </section>
      <section aria-labelledby="rb-history">
        <h3 id="rb-history">{t('rebate.history')}</h3>
        {r.history.length ? (
          <ul className="rb-history" data-testid="rebate-history">
            {r.history.map((h) => (
              <li key={h.period}>
                <span>{time(h.claimedAt)}</span>
                <strong>{money(h.amount)}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rb-muted">{t('rebate.noHistory')}</p>
        )}
      </section>
    </div>
  );
}
