import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameType } from '@khela/api';
import { EmptyState } from '@khela/ui';
import { NS, titleKeys } from '../i18n';
import { fetchVendorLanes, firstData } from '../lib/api';
import { splitCategories } from '../lib/categories';
import { useAsync } from '../hooks/useAsync';
import { useLang } from '../hooks/useLang';
import { LobbyFrame } from '../components/LobbyFrame';
import { LoadError, SkeletonGrid } from '../components/States';
import { VendorTile } from '../components/VendorTile';
import { GameListView } from '../features/game-list/GameListView';
import { ListHeader } from '../components/ListHeader';

/**
 * A game centre per type (sports, e-sports, live, lottery, e-lottery; the sports centre with
 * ?category=COCKFIGHT is the cockfight centre): the vendors, then the games.
 */
export default function GameCentre({ gameType }: { gameType: string }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [params] = useSearchParams();
  const type = (gameType === 'SPORTS' && params.get('category') === 'COCKFIGHT' ? 'COCKFIGHT' : gameType) as GameType;
  const lanes = useAsync(
    (signal) => fetchVendorLanes(lang, { signal }),
    [lang],
    true,
    () => firstData.vendorLanes(lang),
  );
  const vendors = lanes.data ? (splitCategories(lanes.data).find((c) => c.type === type)?.vendors ?? []) : [];
  return (
    <LobbyFrame testId={`game-centre-${gameType}`}>
      <ListHeader title={t(titleKeys(type))} />
      <section className="lobby-centre" aria-label={t('vendors')}>
        {lanes.error ? (
          <LoadError error={lanes.error} onRetry={lanes.reload} />
        ) : !lanes.data ? (
          <SkeletonGrid count={4} className="lobby-vendors" />
        ) : vendors.length ? (
          <div className="lobby-vendors lobby-vendors--centre">
            {vendors.map((v) => (
              <VendorTile key={v.code} vendor={v} />
            ))}
          </div>
        ) : (
          <EmptyState>{t('noVendors')}</EmptyState>
        )}
      </section>
      <h2 className="lobby-subtitle">{t('allGames')}</h2>
      <GameListView
        key={params.toString()}
        gameType={type}
        vendorBar={false}
        initialListType={params.get('gameCategory') === 'NEW' ? 'NEW' : 'ALL'}
        initialVendor={params.get('vassalage')?.toUpperCase() || undefined}
      />
    </LobbyFrame>
  );
}
