import { useTranslation } from 'react-i18next';
import type { Game } from '@khela/api';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import { GameTile } from './GameTile';
import { LoadError, SkeletonGrid } from './States';

interface Props {
  games: Game[] | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty?: string;
  skeleton?: number;
  row?: boolean;
  /** how many of the first tiles draw their images at once (a page's main list: see FIRST_TILES) */
  eager?: number;
}

/** A grid of game tiles, with its loading, empty and error states. */
export function GameGrid({ games, loading, error, onRetry, empty, skeleton = 6, row, eager = 0 }: Props) {
  const { t } = useTranslation(NS);
  const className = row ? 'lobby-grid lobby-grid--row' : 'lobby-grid';
  if (error && !loading) return <LoadError error={error} onRetry={onRetry} />;
  if (loading && !games?.length) return <SkeletonGrid count={skeleton} className={className} />;
  if (!games?.length) return <EmptyState>{empty ?? t('noGames')}</EmptyState>;
  return (
    <div className={loading ? `${className} lobby-grid--busy` : className} data-testid="game-grid" aria-busy={loading}>
      {games.map((g, i) => (
        <GameTile key={g.nodeId} game={g} eager={i < eager} />
      ))}
    </div>
  );
}
