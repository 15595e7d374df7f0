import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotConfig, SlotOutcome, SlotParams } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, money, useLang } from '../../lib/format';
import { useReducedMotion } from '../../lib/motion';
import type { BoardProps } from '../types';
import { SymbolArt } from './SymbolArt';

/** When reel r stops after the result arrived (ms); the last one settles the round. */
export const REEL_STOP_MS = (r: number) => 260 + r * 170;

const LINE_COLOURS = ['#ffd34d', '#4fd1ff', '#ff6fb5', '#7dff8a', '#ff9f45', '#b28dff', '#ff5c5c', '#46f0c8'];

export function symbolName(config: SlotConfig, id: string, lang: 'BN' | 'EN'): string {
  const s = config.symbols.find((x) => x.id === id);
  return s ? (lang === 'BN' ? s.names.bn : s.names.en) : id;
}

/** The window before the first spin: each strip at its first stop. */
function restingGrid(config: SlotConfig): string[][] {
  return config.strips.map((strip) => Array.from({ length: config.rows }, (_, row) => strip[row % strip.length]));
}

/**
 * The 5×3 reels. While a spin is under way every reel runs its strip; when the outcome arrives
 * the reels stop one by one from the left, then the winning paylines are drawn over the window.
 * Under prefers-reduced-motion nothing moves: the outcome shows at once.
 */
export function SlotBoard({ config, outcome, stake, playing, onSettled }: BoardProps<SlotConfig, SlotParams, SlotOutcome>) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const reduced = useReducedMotion();
  const reels = config.reels;
  const [spinning, setSpinning] = useState<boolean[]>(() => Array(reels).fill(false));
  const startedWith = useRef(outcome);
  const settle = useRef(onSettled);
  settle.current = onSettled;

  useEffect(() => {
    if (playing) {
      startedWith.current = outcome;
      if (!reduced) setSpinning(Array(reels).fill(true));
      return;
    }
    if (outcome === startedWith.current) {
      setSpinning(Array(reels).fill(false)); // the spin was refused: stop where we were
      return;
    }
    startedWith.current = outcome;
    if (reduced) {
      setSpinning(Array(reels).fill(false));
      settle.current?.();
      return;
    }
    const timers = Array.from({ length: reels }, (_, r) =>
      setTimeout(() => {
        setSpinning((s) => s.map((v, i) => (i === r ? false : v)));
        if (r === reels - 1) settle.current?.();
      }, REEL_STOP_MS(r)),
    );
    return () => timers.forEach(clearTimeout);
  }, [playing, outcome, reduced, reels]);

  const grid = outcome?.grid ?? restingGrid(config);
  const settled = !playing && spinning.every((s) => !s);
  // memoised, so that the winning cells below are not recounted on every render
  const wins = useMemo(() => (settled && outcome ? outcome.wins : []), [settled, outcome]);
  const winCells = useMemo(() => {
    const cells = new Set<string>();
    for (const w of wins) for (let r = 0; r < w.count; r++) cells.add(`${r}:${config.paylines[w.line][r]}`);
    return cells;
  }, [wins, config.paylines]);
  const kindOf = (id: string) => config.symbols.find((s) => s.id === id)?.kind;
  const rowsText = Array.from({ length: config.rows }, (_, row) =>
    t('slot.row', {
      n: formatNumber(row + 1, lang),
      symbols: grid.map((reel) => symbolName(config, reel[row], lang)).join(', '),
    }),
  ).join('; ');
  const lineBet = (pays: number) => (stake === undefined ? null : (stake * BigInt(pays)) / BigInt(config.lines));

  return (
    <div className="kg-slot" data-testid="slot-board" data-settled={settled}>
      <div className="kg-slot__window" style={{ ['--kg-reels' as string]: reels, ['--kg-rows' as string]: config.rows }}>
        <div className="kg-slot__reels" aria-hidden="true">
          {grid.map((reel, r) => (
            <div key={r} className={spinning[r] ? 'kg-reel is-spinning' : 'kg-reel'} data-testid="slot-reel">
              {spinning[r] ? (
                <div className="kg-reel__strip">
                  {[...config.strips[r].slice(0, 8), ...config.strips[r].slice(0, 8)].map((id, i) => (
                    <div key={i} className="kg-cell">
                      <SymbolArt id={id} kind={kindOf(id)} />
                    </div>
                  ))}
                </div>
              ) : (
                reel.map((id, row) => (
                  <div
                    key={row}
                    className={wins.length ? (winCells.has(`${r}:${row}`) ? 'kg-cell is-win' : 'kg-cell is-dim') : 'kg-cell'}
                    data-symbol={id}
                  >
                    <SymbolArt id={id} kind={kindOf(id)} />
                  </div>
                ))
              )}
            </div>
          ))}
        </div>
        {wins.length ? (
          <svg
            className="kg-slot__lines"
            viewBox={`0 0 ${reels * 100} ${config.rows * 100}`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            {wins.map((w, i) => (
              <polyline
                key={w.line}
                points={config.paylines[w.line].map((row, r) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')}
                stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
                data-line={w.line + 1}
              />
            ))}
          </svg>
        ) : null}
      </div>
      {settled && outcome ? <p className="kg-sr-only">{t('slot.grid', { rows: rowsText })}</p> : null}
      {wins.length ? (
        <ul className="kg-slot__wins" data-testid="slot-wins">
          {wins.map((w, i) => {
            const amount = lineBet(w.pays);
            return (
              <li key={w.line} data-testid="slot-win">
                <span className="kg-swatch" style={{ background: LINE_COLOURS[i % LINE_COLOURS.length] }} aria-hidden="true" />
                {t('slot.lineWin', {
                  line: formatNumber(w.line + 1, lang),
                  n: formatNumber(w.count, lang),
                  symbol: symbolName(config, w.symbol, lang),
                  amount: amount === null ? `${formatNumber(w.pays, lang)}×` : money(amount, lang),
                })}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Paytable config={config} />
    </div>
  );
}

function Paytable({ config }: { config: SlotConfig }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  return (
    <details className="kg-paytable">
      <summary>
        {t('slot.paytable')} · {t('slot.lines', { n: formatNumber(config.lines, lang) })} ·{' '}
        {t('slot.rtp', { rtp: `${formatNumber(Number(config.rtpPercent), lang, 2)}%` })}
      </summary>
      <p className="kg-hint">
        {t('slot.paytableHelp', { wild: symbolName(config, config.wild, lang), lines: formatNumber(config.lines, lang) })}
      </p>
      <ul className="kg-paytable__list">
        {config.symbols.map((s) => (
          <li key={s.id}>
            <SymbolArt id={s.id} kind={s.kind} />
            <span className="kg-paytable__name">{lang === 'BN' ? s.names.bn : s.names.en}</span>
            <span className="kg-paytable__pays">
              {s.pays.length
                ? s.pays.map((p, i) => `${formatNumber(i + 3, lang)}: ${formatNumber(p, lang)}×`).join(' · ')
                : t('slot.wildText')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
