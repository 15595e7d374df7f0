import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { PROMOTION_PATHS, type RewardCentreDto } from '@khela/api/promotions';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';
import { ClaimFeedback, useClaim } from '../../common/rewards/claim';
import { NS } from '../../i18n';
import { BonusCard } from './BonusCard';
import { Raffles } from './Raffles';
import { RedEnvelopes } from './RedEnvelopes';
import { bn, en } from './locales';
import '../../common/rewards/rewards.css';

addNamespace(NS, { bn, en });

/** rewardCenter: bonuses whose wagering is met, claimed into cash once; and the history. */
export default function RewardCenterPage() {
  const { t, lang, money } = useMoney();
  const data = useLoad(
    (signal) => apiRequest<RewardCentreDto>(PROMOTION_PATHS.rewardCentre, { signal, query: { lang } }),
    [lang],
  );
  const { busy, notice, failed, claim: run } = useClaim('rewards', data.reload);
  const claim = (id: number) =>
    run(
      id,
      () => apiRequest<{ amount: string }>(PROMOTION_PATHS.claimReward, { method: 'POST', body: { id } }),
      (r) => t('rewards.claimed', { amount: money(r.amount) }),
    );

  if (data.loading && !data.value) return <Loading />;
  if (data.error && !data.value) return <ErrorState onRetry={data.reload} />;
  const v = data.value!;
  return (
    <div data-testid="reward-centre">
      <ClaimFeedback notice={notice} failed={failed} testId="reward" />
      <RedEnvelopes />
      <Raffles />
      <h2>{t('rewards.claimable')}</h2>
      {v.claimable.length ? (
        <ul className="rw-list" data-testid="reward-claimable">
          {v.claimable.map((b) => (
            <BonusCard
              key={b.id}
              b={b}
              action={
                <button
                  type="button"
                  className="k-button"
                  data-testid={`claim-reward-${b.id}`}
                  disabled={busy !== null}
                  onClick={() => void claim(b.id)}
                >
                  {busy === b.id ? t('rewards.claiming') : t('rewards.claim')}
                </button>
              }
            />
          ))}
        </ul>
      ) : (
        <EmptyState>{t('rewards.noClaimable')}</EmptyState>
      )}
      <h2>{t('rewards.history')}</h2>
      {v.history.length ? (
        <ul className="rw-list" data-testid="reward-history">
          {v.history.map((b) => (
            <BonusCard key={b.id} b={b} />
          ))}
        </ul>
      ) : (
        <EmptyState>{t('rewards.noHistory')}</EmptyState>
      )}
    </div>
  );
}
