import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinnerEntry } from '@khela/api';
import { EmptyState } from '@khela/ui';
import { NS } from '../../i18n';
import { WINNERS_STEP, WINNERS_VISIBLE } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { LazyImage } from '../../components/LazyImage';
import { TrophyIcon } from '../../components/Icons';
import { useOnScreen } from '../../hooks/useOnScreen';
import { LoadError } from '../../components/States';
import type { Lang } from '../../lib/api';

const ROW = 56;

/** The winners board: the largest wins, scrolling upward at 0.5 px a frame, 3 rows visible. */
export function WinnersBoard({
  list,
  loading,
  error,
  onRetry,
  lang,
}: {
  list: WinnerEntry[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  lang: Lang;
}) {
  const { t } = useTranslation(NS);
  const rows = list ?? [];
  // the first paint draws only the rows the window shows (and the next one); the rest and the second
  // copy (what makes the loop seamless) come after it, in a transition: the board is 40-odd rows of
  // Bengali text, and laying them all out in the first frame was the page's longest task on a slow
  // phone. The board starts moving then (the rows added are below those on screen, in its clipped
  // window, so nothing visible moves)
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  const moving = painted && rows.length > WINNERS_VISIBLE;
  // still while off the screen (it keeps its place, and goes on from there)
  const ref = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(ref);
  // a CSS animation on the compositor (no script runs per frame): the list is drawn twice and moves
  // up by one copy at 0.5 px a frame (60 frames a second), then starts again without a jump
  const scroll = moving
    ? ({
        ['--winners-distance' as string]: `${-rows.length * ROW}px`,
        animationDuration: `${(rows.length * ROW) / (WINNERS_STEP * 60)}s`,
      } as CSSProperties)
    : undefined;

  const row = (w: WinnerEntry, i: number, copy = false) => (
    <li
      key={`${copy ? 'c' : 'r'}${i}`}
      className="lobby-winner"
      aria-hidden={copy || undefined}
      data-testid={copy ? undefined : 'winner-row'}
    >
      <LazyImage className="lobby-winner__icon" src={w.vo.iconUrl} alt="" />
      <span className="lobby-winner__who">
        <strong>{w.vo.customerName}</strong>
        <span>{w.vo.gameName}</span>
      </span>
      <span className="lobby-winner__amount" data-amount={w.winAmount}>
        {formatMoney(w.winAmount, lang)}
      </span>
    </li>
  );

  return (
    <section
      ref={ref}
      className={onScreen ? 'lobby-winners' : 'lobby-winners lobby-winners--still'}
      data-testid="winners-board"
      aria-label={t('winners')}
    >
      <header className="lobby-winners__head">
        <TrophyIcon />
        <h2>{t('winners')}</h2>
      </header>
      {error && !loading ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : loading && !list ? (
        <div className="lobby-winners__window lobby-skeleton" style={{ height: ROW * WINNERS_VISIBLE }} />
      ) : !rows.length ? (
        <EmptyState>{t('noWinners')}</EmptyState>
      ) : (
        <div className="lobby-winners__window" style={{ height: ROW * WINNERS_VISIBLE }}>
          <ol className={moving ? 'lobby-winners__list lobby-winners__list--moving' : 'lobby-winners__list'} style={scroll}>
            {(painted ? rows : rows.slice(0, WINNERS_VISIBLE + 1)).map((w, i) => row(w, i))}
            {moving ? rows.map((w, i) => row(w, i, true)) : null}
          </ol>
        </div>
      )}
    </section>
  );
}
