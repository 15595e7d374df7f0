import type { BonusDto } from '@khela/api/promotions';
import { useMoney } from '../../common/payments/ui';

/** One bonus: its promotion, amount, status and wagering progress bar. */
export function BonusCard({ b, action }: { b: BonusDto; action?: React.ReactNode }) {
  const { t, money, time } = useMoney();
  const required = BigInt(b.wageringRequired);
  const done = BigInt(b.wageringDone);
  const pct = required > BigInt(0) ? Number((done * BigInt(100)) / required) : 100;
  const status = b.claimable ? 'READY' : b.status;
  return (
    <li className="rw-card" data-testid={`bonus-${b.id}`} data-status={status}>
      <div className="rw-head">
        <strong className="rw-title">{b.title}</strong>
        <span className={`rw-chip rw-chip--${status.toLowerCase()}`}>{t(`rewards.status.${status}`)}</span>
      </div>
      <div className="rw-row">
        <span>{t('rewards.bonus')}</span>
        <strong data-testid="bonus-amount">{money(b.bonus)}</strong>
      </div>
      {required > BigInt(0) ? (
        <>
          <div
            className="rw-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label={t('rewards.wagering', { done: money(b.wageringDone), required: money(b.wageringRequired) })}
          >
            <span style={{ width: `${pct}%` }} />
          </div>
          <p className="rw-small" data-testid="bonus-wagering">
            {t('rewards.wagering', { done: money(b.wageringDone), required: money(b.wageringRequired) })}
          </p>
          {b.status === 'ISSUED' && !b.claimable ? (
            <p className="rw-small">{t(`rewards.onWithdrawal.${b.onWithdrawal}`)}</p>
          ) : null}
        </>
      ) : (
        <p className="rw-small">{t('rewards.noWagering')}</p>
      )}
      {b.rejectReason ? <p className="rw-small">{b.rejectReason}</p> : null}
      <p className="rw-small">{time(b.claimedAt ?? b.issuedAt ?? b.appliedAt ?? new Date().toISOString())}</p>
      {action}
    </li>
  );
}
