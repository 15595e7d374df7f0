import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AndarBaharConfig, AndarBaharOutcome, AndarBaharParams, AndarBaharSide } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, useLang } from '../../lib/format';
import { useReducedMotion } from '../../lib/motion';
import type { BoardProps } from '../types';
import { PlayingCard } from './PlayingCard';

/** The deal lasts about this long however many cards it has (ms), at most 120 ms a card. */
export const DEAL_MS = 1500;
export const dealStep = (cards: number) => Math.min(120, Math.floor(DEAL_MS / Math.max(1, cards)));

/**
 * The table: the joker in the middle, Andar's and Bahar's rows. A new round deals its cards one by
 * one, alternately from Andar (all at once under prefers-reduced-motion); the card that matches
 * the joker's rank and its side light up.
 */
export function AndarBaharBoard({
  outcome,
  params,
  playing,
  onSettled,
}: BoardProps<AndarBaharConfig, AndarBaharParams, AndarBaharOutcome>) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const reduced = useReducedMotion();
  const total = outcome ? outcome.andar.length + outcome.bahar.length : 0;
  const [dealt, setDealt] = useState(total);
  const startedWith = useRef(outcome);
  const settle = useRef(onSettled);
  settle.current = onSettled;

  useEffect(() => {
    if (playing) {
      startedWith.current = outcome;
      return;
    }
    if (outcome === startedWith.current) return;
    startedWith.current = outcome;
    const n = outcome ? outcome.andar.length + outcome.bahar.length : 0;
    if (reduced || !outcome) {
      setDealt(n);
      settle.current?.();
      return;
    }
    setDealt(0);
    let i = 0;
    const timer = setInterval(() => {
      i += 1;
      setDealt(i);
      if (i >= n) {
        clearInterval(timer);
        settle.current?.();
      }
    }, dealStep(n));
    return () => clearInterval(timer);
  }, [playing, outcome, reduced]);

  const done = !!outcome && !playing && dealt >= total;
  // card k (0-based, in deal order) went to Andar when k is even
  const shown = (side: AndarBaharSide) => {
    if (!outcome || playing) return [];
    const cards = side === 'ANDAR' ? outcome.andar : outcome.bahar;
    const offset = side === 'ANDAR' ? 0 : 1;
    return cards.filter((_, i) => i * 2 + offset < dealt);
  };
  const row = (side: AndarBaharSide) => {
    const cards = shown(side);
    const won = done && outcome.winner === side;
    const lastIsMatch = (i: number) => won && i === cards.length - 1;
    const name = t(side === 'ANDAR' ? 'andarbahar.andar' : 'andarbahar.bahar');
    return (
      <div
        className={`kg-ab__row${won ? ' is-winner' : ''}${params.side === side ? ' is-picked' : ''}`}
        data-testid={`ab-${side.toLowerCase()}`}
      >
        <span className="kg-ab__side">
          {name}
          <span className="kg-muted"> · {formatNumber(cards.length, lang)}</span>
        </span>
        <div className="kg-ab__cards" role="group" aria-label={name}>
          {cards.map((c, i) => (
            <PlayingCard key={i} card={c} t={t} highlight={lastIsMatch(i)} />
          ))}
          {playing ? <PlayingCard back t={t} /> : null}
        </div>
      </div>
    );
  };
  return (
    <div className="kg-ab" data-testid="ab-board" data-settled={done || !outcome}>
      <div className="kg-ab__joker">
        <span className="kg-label">{t('andarbahar.joker')}</span>
        {outcome && !playing ? <PlayingCard card={outcome.joker} t={t} highlight={done} /> : <PlayingCard back t={t} />}
      </div>
      {row('ANDAR')}
      {row('BAHAR')}
      {done ? (
        <p className={outcome.win ? 'kg-ab__verdict kg-win' : 'kg-ab__verdict'} data-testid="ab-verdict">
          {t('andarbahar.winner', {
            side: t(outcome.winner === 'ANDAR' ? 'andarbahar.andar' : 'andarbahar.bahar'),
            n: formatNumber(total, lang),
          })}
        </p>
      ) : null}
    </div>
  );
}
