import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { PROMOTION_PATHS, type BonusDto } from '@khela/api/promotions';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import { BonusCard } from './BonusCard';
import { bn, en } from './locales';
import '../../common/rewards/rewards.css';

addNamespace(NS, { bn, en });

/** bonusDetails: every bonus of the member with its wagering progress. */
export default function BonusDetailsPage() {
  const { t, lang } = useMoney();
  const data = useLoad((signal) => apiRequest<BonusDto[]>(PROMOTION_PATHS.bonusDetails, { signal, query: { lang } }), [lang]);
  if (data.loading && !data.value) return <Loading />;
  if (data.error && !data.value) return <ErrorState onRetry={data.reload} />;
  const list = data.value ?? [];
  if (!list.length) return <EmptyState>{t('rewards.noBonuses')}</EmptyState>;
  return (
    <ul className="rw-list" data-testid="bonus-list">
      {list.map((b) => (
        <BonusCard key={b.id} b={b} />
      ))}
    </ul>
  );
}
