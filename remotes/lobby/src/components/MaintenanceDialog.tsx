import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Game } from '@khela/api';
import { Modal } from '@khela/ui';
import { NS } from '../i18n';
import { fetchHotGames } from '../lib/api';
import { HOME_ITEMS } from '../lib/constants';
import { useAsync } from '../hooks/useAsync';
import { useLang } from '../hooks/useLang';
import { maintenanceAtom } from '../hooks/useLaunch';
import { GameGrid } from './GameGrid';

/** "Game under maintenance": other popular games of the same type are suggested. */
export default function MaintenanceDialog({ game }: { game: Game }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const close = useSetAtom(maintenanceAtom);
  const hot = useAsync((signal) => fetchHotGames(lang, game.gameType, { signal }), [lang, game.gameType]);
  const others = hot.data?.filter((g) => g.nodeId !== game.nodeId && !g.maintenance).slice(0, HOME_ITEMS);
  return (
    <Modal title={t('maintenance.title')} onClose={() => close(null)} testId="game-maintenance" wide>
      <p>{t('maintenance.body', { name: game.displayName })}</p>
      <h3 className="lobby-subtitle">{t('maintenance.suggested')}</h3>
      <GameGrid games={others} loading={hot.loading} error={hot.error} onRetry={hot.reload} />
    </Modal>
  );
}
