import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListGameType } from '@khela/api';
import { NS } from '../../i18n';
import { fetchVendorLanes, firstData } from '../../lib/api';
import { splitCategories, vendorsOf } from '../../lib/categories';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { useLoginGate } from '../../hooks/useLoginGate';
import { GameGrid } from '../../components/GameGrid';
import { FIRST_TILES } from '@khela/api/first-data';
import { Pagination } from '../../components/Pagination';
import { gameListReducer, initialState, type ListType } from './gameListState';
import { ClassifyMenu, FilterTabs, SearchBox, type ClassifyOption } from './ListControls';
import { useGameListData } from './useGameListData';
import { VendorCarousel } from './VendorCarousel';

interface Props {
  /** the list's game type: a category, HOT (the hot list) or ALL (the account lists) */
  gameType: ListGameType | 'ALL';
  initialListType?: ListType;
  initialVendor?: string;
  /** the vendor carousel (off where vendor tiles stand above the list) */
  vendorBar?: boolean;
}

/**
 * A game list: vendor carousel, filter tabs, classify menu, search, grid and pagination, driven by
 * the game-list state machine.
 */
export function GameListView({ gameType, initialListType, initialVendor, vendorBar = true }: Props) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const gate = useLoginGate();
  const [state, dispatch] = useReducer(gameListReducer, { listType: initialListType, vendor: initialVendor }, initialState);
  const [refreshHot, setRefreshHot] = useState(0);
  const top = useRef<HTMLDivElement>(null);

  // changing the language reloads page 1
  const firstLang = useRef(lang);
  useEffect(() => {
    if (firstLang.current !== lang) dispatch({ type: 'language' });
    firstLang.current = lang;
  }, [lang]);

  const lanes = useAsync(
    (signal) => fetchVendorLanes(lang, { signal }),
    [lang],
    true,
    () => firstData.vendorLanes(lang),
  );
  const categories = lanes.data ? splitCategories(lanes.data) : [];
  const vendors = vendorsOf(categories, gameType);
  const lane = categories.find((c) => c.type === gameType)?.lane ?? null;
  const classifies: ClassifyOption[] = (gameType === 'HOT' || gameType === 'ALL' ? [] : (lane?.gameClassify ?? [])).filter(
    (c) => state.vendor === 'ALL' || (c.vendors[state.vendor] ?? 0) > 0,
  );

  const data = useGameListData(state, gameType, lang, refreshHot);
  useEffect(() => {
    if (data.page) dispatch({ type: 'loaded', totalPages: data.page.totalPages });
  }, [data.page]);

  const selectType = (type: ListType) => {
    // favourites and recent need login (a trial account gets the real-account dialog)
    if ((type === 'FAV' || type === 'RECENT') && !gate(true, () => selectType(type))) return;
    if (type === 'HOT' && state.listType === 'HOT') setRefreshHot((n) => n + 1); // refreshed on demand
    dispatch({ type: 'listType', listType: type });
  };

  const changePage = (page: number) => {
    dispatch({ type: 'page', page });
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="lobby-list" ref={top} data-testid="game-list-view" data-list-type={state.listType} data-page={state.page}>
      {vendorBar && vendors.length ? (
        <VendorCarousel vendors={vendors} selected={state.vendor} onSelect={(vendor) => dispatch({ type: 'vendor', vendor })} />
      ) : null}
      <div className="lobby-list__bar">
        <FilterTabs active={state.listType} onSelect={selectType} />
        <SearchBox value={state.search} onSearch={(search) => dispatch({ type: 'search', search })} />
      </div>
      <ClassifyMenu
        options={classifies}
        active={state.classify}
        onSelect={(classify) => dispatch({ type: 'classify', classify })}
      />
      <GameGrid
        games={data.page?.games}
        loading={data.loading}
        error={data.error}
        onRetry={data.reload}
        skeleton={12}
        eager={FIRST_TILES}
        empty={t(state.listType === 'FAV' ? 'noFavourites' : state.listType === 'RECENT' ? 'noRecent' : 'noGames')}
      />
      <Pagination page={state.page} totalPages={state.totalPages} onPage={changePage} />
    </div>
  );
}
