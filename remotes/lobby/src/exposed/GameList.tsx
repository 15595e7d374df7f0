import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ListGameType } from '@khela/api';
import { NS, titleKeys } from '../i18n';
import { LobbyFrame } from '../components/LobbyFrame';
import { GameListView } from '../features/game-list/GameListView';
import { ListHeader } from '../components/ListHeader';
import { ROOMS_HEIGHT } from '../features/pvp/layout';

/** The PvP rooms: a chunk of their own, fetched only by the PvP page; its room is kept while it loads. */
const PvpRooms = lazy(() => import(/* webpackChunkName: "pvp-rooms" */ '../features/pvp/PvpRooms'));

/** A game list per type (/hot, /fish, /rng with ?vassalage, /pvp with its rooms); NEW preselected by ?gameCategory=NEW. */
export default function GameList({ gameType }: { gameType: string }) {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const type = gameType as ListGameType;
  const vendor = params.get('vassalage')?.toUpperCase() || undefined;
  return (
    <LobbyFrame testId={`game-list-${gameType}`}>
      <ListHeader title={t(titleKeys(gameType))} />
      {type === 'PVP' ? (
        <Suspense fallback={<div style={{ height: ROOMS_HEIGHT, marginBottom: 14 }} aria-hidden="true" />}>
          <PvpRooms vendor={vendor} />
        </Suspense>
      ) : null}
      {/* the tiles' names are third-level headings: the list has its second level */}
      <h2 className="lobby-sr">{t('allGames')}</h2>
      <GameListView
        key={params.toString()}
        gameType={type}
        initialListType={params.get('gameCategory') === 'NEW' ? 'NEW' : 'ALL'}
        initialVendor={vendor}
      />
    </LobbyFrame>
  );
}
