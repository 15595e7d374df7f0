import { useTranslation } from 'react-i18next';
import { NS, titleKeys } from '../i18n';
import { LobbyFrame } from '../components/LobbyFrame';
import { GameListView } from '../features/game-list/GameListView';
import { ListHeader } from '../components/ListHeader';

/** The player's own lists: favourites and recently played (the shell requires login). */
export default function AccountGameList({ listType }: { listType: 'favorite' | 'recent' }) {
  const { t } = useTranslation(NS);
  const type = listType === 'favorite' ? 'FAV' : 'RECENT';
  return (
    <LobbyFrame testId={`account-list-${listType}`}>
      <ListHeader title={t(titleKeys(type))} />
      <GameListView key={type} gameType="ALL" initialListType={type} />
    </LobbyFrame>
  );
}
