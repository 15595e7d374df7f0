import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS, titleKeys } from '../i18n';
import { GameListFrame } from '../features/games/GameTypeNav';
import '../lobby.css';

/** A game list per type (hot, fish, RNG with ?vassalage, PVP). */
export default function GameList({ gameType }: { gameType: string }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid={`game-list-${gameType}`}>
      <GameListFrame title={t(titleKeys(gameType))}>
        <EmptyState>{t('noGames')}</EmptyState>
      </GameListFrame>
    </div>
  );
}
