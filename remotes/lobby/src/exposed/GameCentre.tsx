import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS, titleKeys } from '../i18n';
import { GameListFrame } from '../features/games/GameTypeNav';
import '../lobby.css';

/** A game centre per type (sports, e-sports, live, lottery, e-lottery). */
export default function GameCentre({ gameType }: { gameType: string }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid={`game-centre-${gameType}`}>
      <GameListFrame title={t(titleKeys(gameType))}>
        <EmptyState>{t('noGames')}</EmptyState>
      </GameListFrame>
    </div>
  );
}
