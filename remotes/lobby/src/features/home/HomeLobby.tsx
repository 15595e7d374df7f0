import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Game, VendorItem } from '@khela/api';
import { NS } from '../../i18n';
import { fetchGameList, fetchHotGames, firstData, type Lang } from '../../lib/api';
import { HOME_ITEMS } from '../../lib/constants';
import { useAsync } from '../../hooks/useAsync';
import { favouriteListAtom } from '../../hooks/useFavourites';
import { useLoginGate } from '../../hooks/useLoginGate';
import { GameGrid } from '../../components/GameGrid';
import { FlameIcon, GridIcon, HeartIcon, StarIcon } from '../../components/Icons';
import { HomeSection } from './HomeSection';

const FILTERS = [
  ['ALL', GridIcon],
  ['HOT', FlameIcon],
  ['NEW', StarIcon],
  ['FAV', HeartIcon],
] as const;
type Filter = (typeof FILTERS)[number][0];

/** The home page's game lobby: slots, with a vendor filter and the filter icons all, hot, new, favourites. */
export function HomeLobby({ vendors, lang, title }: { vendors: VendorItem[]; lang: Lang; title: string }) {
  const { t } = useTranslation(NS);
  const gate = useLoginGate();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [vendor, setVendor] = useState('ALL');
  const favourites = useAtomValue(favouriteListAtom);
  const vassalage = vendor === 'ALL' ? undefined : vendor;
  const games = useAsync<Game[]>(
    async (signal) => {
      if (filter === 'HOT')
        return (await fetchHotGames(lang, 'RNG', { signal })).filter((g) => !vassalage || g.vassalage === vassalage);
      const page = await fetchGameList(
        { gameType: 'RNG', vassalage, isNew: filter === 'NEW' ? 1 : undefined, pageSize: HOME_ITEMS, language: lang },
        signal,
      );
      return page.games;
    },
    [filter, vendor, lang],
    filter !== 'FAV',
    () => firstData.gameList(lang, { gameType: 'RNG', pageSize: HOME_ITEMS })?.games,
  );
  // favourites need login (clicked while the session is being checked: chosen once it is)
  const pick = (key: Filter) => {
    if (key !== 'FAV' || gate(true, () => pick(key))) setFilter(key);
  };
  const favs = (favourites ?? []).filter((g) => g.gameType === 'RNG' && (!vassalage || g.vassalage === vassalage));
  const tools = (
    <div className="lobby-lobby-tools">
      <div className="lobby-icons" role="group" aria-label={t('filters.label')}>
        {FILTERS.map(([key, Icon]) => (
          <button
            key={key}
            type="button"
            aria-pressed={filter === key}
            title={t(`filters.${key}`)}
            aria-label={t(`filters.${key}`)}
            onClick={() => pick(key)}
          >
            <Icon />
          </button>
        ))}
      </div>
      <select
        className="lobby-select"
        aria-label={t('vendorFilter')}
        value={vendor}
        onChange={(e) => setVendor(e.target.value)}
        data-testid="lobby-vendor-filter"
      >
        <option value="ALL">{t('allVendors')}</option>
        {vendors.map((v) => (
          <option key={v.code} value={v.code}>
            {v.displayName}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <HomeSection
      type="LOBBY"
      title={title}
      tools={tools}
      more={() =>
        filter === 'NEW'
          ? `/rng?gameCategory=NEW${vassalage ? `&vassalage=${vassalage}` : ''}`
          : `/rng${vassalage ? `?vassalage=${vassalage}` : ''}`
      }
    >
      {() =>
        filter === 'FAV' ? (
          <GameGrid row games={favs.slice(0, HOME_ITEMS)} loading={favourites === null} empty={t('noFavourites')} />
        ) : (
          <GameGrid
            row
            games={games.data?.slice(0, HOME_ITEMS)}
            loading={games.loading}
            error={games.error}
            onRetry={games.reload}
          />
        )
      }
    </HomeSection>
  );
}
