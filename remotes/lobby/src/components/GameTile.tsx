import { useTranslation } from 'react-i18next';
import type { Game } from '@khela/api';
import { NS } from '../i18n';
import { useFavouriteToggle, useIsFavourite } from '../hooks/useFavourites';
import { useLaunch } from '../hooks/useLaunch';
import { FlameIcon, HeartIcon, HeartOutlineIcon, PlayIcon } from './Icons';
import { LazyImage } from './LazyImage';

/**
 * A game: play now, a free trial when supportPlay is 0, a hot badge when isHot is 1, and the
 * favourite toggle. A VASSALAGE entry opens its vendor's popup list instead. An eager tile (a list's
 * first) draws its image at once.
 */
export function GameTile({ game, eager }: { game: Game; eager?: boolean }) {
  const { t } = useTranslation(NS);
  const launch = useLaunch();
  const toggle = useFavouriteToggle();
  const favourite = useIsFavourite(game.nodeId);
  const vendorEntry = game.isGame === 'VASSALAGE';
  return (
    <article
      className="lobby-tile"
      data-testid="game-tile"
      data-node={game.nodeId}
      data-vendor={game.vassalage}
      data-game-type={game.gameType}
    >
      <button type="button" className="lobby-tile__art" onClick={() => launch({ game })} aria-label={game.displayName}>
        <LazyImage src={game.iconUrl} alt="" eager={eager} />
        <span className="lobby-tile__hover" aria-hidden="true">
          <PlayIcon />
        </span>
      </button>
      {/* beside the button, not in it: the button's name is the game's (what it says is what it does) */}
      {game.isHot === 1 ? (
        <span className="lobby-badge lobby-badge--hot" data-testid="hot-badge">
          <FlameIcon />
          {t('tile.hot')}
        </span>
      ) : game.isNew === 1 ? (
        <span className="lobby-badge lobby-badge--new">{t('tile.new')}</span>
      ) : null}
      {vendorEntry ? null : (
        <button
          type="button"
          className={favourite ? 'lobby-fav lobby-fav--on' : 'lobby-fav'}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'tile.unfavourite' : 'tile.favourite', { name: game.displayName })}
          data-testid="favourite-toggle"
          onClick={() => toggle(game)}
        >
          {favourite ? <HeartIcon /> : <HeartOutlineIcon />}
        </button>
      )}
      <h3 className="lobby-tile__name" title={game.displayName}>
        {game.displayName}
      </h3>
      <div className="lobby-tile__actions">
        <button type="button" className="lobby-btn lobby-btn--play" data-testid="play-now" onClick={() => launch({ game })}>
          {t(vendorEntry ? 'tile.viewGames' : 'tile.play')}
        </button>
        {game.supportPlay === 0 && !vendorEntry ? (
          <button
            type="button"
            className="lobby-btn lobby-btn--ghost"
            data-testid="free-trial"
            onClick={() => launch({ game }, 'trial')}
          >
            {t('tile.trial')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
