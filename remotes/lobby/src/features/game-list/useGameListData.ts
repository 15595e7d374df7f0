import { useRef } from 'react';
import type { Game, GameType, ListGameType } from '@khela/api';
import { fetchGameList, fetchHotGames, fetchRecent, firstData, type Lang } from '../../lib/api';
import { PAGE_SIZE } from '../../lib/constants';
import { useAsync } from '../../hooks/useAsync';
import { useFavouriteList } from '../../hooks/useFavourites';
import type { GameListState } from './gameListState';

export interface ListPage {
  games: Game[];
  totalPages: number;
}

const clientPage = (games: Game[], page: number): ListPage => ({
  games: games.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  totalPages: Math.ceil(games.length / PAGE_SIZE),
});

/**
 * The games of the current state. ALL and NEW come from the game list (server pages); HOT from
 * the hot list (cached in the session; `refreshHot` fetches it again); FAV from the favourite list
 * (shared, so a removal shows at once); RECENT from the recent games (server pages).
 */
export function useGameListData(state: GameListState, listGameType: ListGameType | 'ALL', lang: Lang, refreshHot: number) {
  const vassalage = state.vendor === 'ALL' ? undefined : state.vendor;
  const classify = state.classify === 'ALL' ? undefined : state.classify;
  const type = listGameType === 'ALL' || listGameType === 'HOT' ? undefined : (listGameType as GameType);
  const favourites = useFavouriteList(lang);
  const hotRefreshed = useRef(refreshHot);
  const keep = (g: Game) =>
    (!vassalage || g.vassalage === vassalage) && (!classify || g.gameClassify === classify) && (!type || g.gameType === type);

  const remote = useAsync<ListPage>(
    async (signal) => {
      switch (state.listType) {
        case 'HOT': {
          const refresh = refreshHot !== hotRefreshed.current;
          hotRefreshed.current = refreshHot;
          const list = await fetchHotGames(lang, type, { refresh, signal });
          return clientPage(list.filter(keep), state.page);
        }
        case 'RECENT': {
          const r = await fetchRecent(
            { page: state.page, pageSize: PAGE_SIZE, gameType: type, vassalage, language: lang },
            signal,
          );
          return { games: r.list.filter(keep), totalPages: r.totalPages };
        }
        default: {
          const r = await fetchGameList(
            {
              gameType: listGameType === 'ALL' ? undefined : listGameType,
              vassalage,
              gameClassify: classify,
              gameName: state.listType === 'ALL' ? state.search || undefined : undefined,
              isNew: state.listType === 'NEW' ? 1 : undefined,
              pageNo: state.page,
              language: lang,
            },
            signal,
          );
          return { games: r.games, totalPages: r.totalPages };
        }
      }
    },
    [state.listType, state.vendor, state.classify, state.search, state.page, state.reloads, listGameType, lang, refreshHot],
    state.listType !== 'FAV',
    // the first page of a list the page came with (the origin inlines ALL and NEW, page 1)
    () => {
      if ((state.listType !== 'ALL' && state.listType !== 'NEW') || state.page !== 1 || classify || state.search)
        return undefined;
      const r = firstData.gameList(lang, {
        gameType: listGameType === 'ALL' ? undefined : listGameType,
        vassalage,
        isNew: state.listType === 'NEW' ? 1 : undefined,
      });
      return r && { games: r.games, totalPages: r.totalPages };
    },
  );

  if (state.listType === 'FAV') {
    return {
      page: favourites.list ? clientPage(favourites.list.filter(keep), state.page) : undefined,
      loading: favourites.loading,
      error: favourites.error,
      reload: favourites.reload,
    };
  }
  return { page: remote.data, loading: remote.loading, error: remote.error, reload: remote.reload };
}
