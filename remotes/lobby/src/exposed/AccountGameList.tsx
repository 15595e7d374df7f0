import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS, titleKeys } from '../i18n';
import { GameListFrame } from '../features/games/GameTypeNav';
import '../lobby.css';

/** The player's own lists: favourites and recently played (the shell requires login). */
export default function AccountGameList({ listType }: { listType: 'favorite' | 'recent' }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid={`account-list-${listType}`}>
      <GameListFrame title={t(titleKeys(listType === 'favorite' ? 'FAV' : 'RECENT'))}>
        <EmptyState>{t('noGames')}</EmptyState>
      </GameListFrame>
    </div>
  );
}
