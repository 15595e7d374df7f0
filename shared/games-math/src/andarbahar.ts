import { BadParams, plainObject, type Engine } from './engine-types';
import { cardOf, type Card } from './cards';
import type { FloatReader } from './fair';
import { fraction, mul, toNumber, toPercent, type Fraction } from './rational';

/**
 * Andar Bahar with one 52-card deck (the card engine: the PVP vendors' games run on it too).
 *
 * - The deck is shuffled as far as the round needs, by Fisher–Yates from the front: the card at
 *   position i (i = 0, 1, …) is swapped with the one at i + floor(fᵢ × (52 − i)), using float i.
 * - Card 0 is the joker (the middle card). Cards 1, 2, 3, … are dealt alternately to Andar (odd
 *   positions: Andar gets the first card) and Bahar, until a card of the joker's rank appears:
 *   its side wins. At most 49 cards are dealt, so a round reads at most 50 floats.
 * - The player bets on a side. Andar pays 0.9 to 1 (a win returns 1.9 × stake), Bahar 1 to 1
 *   (2 × stake); payout = floor(stake × 19 / 10) or stake × 2 poisha.
 * - Odds, exactly: after the joker, 3 of the 51 cards match. The first match is at position k
 *   with probability C(51 − k, 2) / C(51, 3); Andar wins when k is odd: 10,725 / 20,825 =
 *   51.50 %, Bahar 10,100 / 20,825 = 48.50 %. RTP: Andar 97.8511 %, Bahar 96.9987 %.
 */

export type AndarBaharSide = 'ANDAR' | 'BAHAR';

export interface AndarBaharParams {
  side: AndarBaharSide;
}

export interface AndarBaharOutcome {
  engine: 'andarbahar';
  joker: Card;
  /** Andar's cards, in the order dealt (Andar gets the 1st, 3rd, 5th … card) */
  andar: Card[];
  /** Bahar's cards, in the order dealt (the 2nd, 4th … card) */
  bahar: Card[];
  winner: AndarBaharSide;
  /** the side bet on */
  side: AndarBaharSide;
  win: boolean;
}

export interface AndarBaharConfig {
  decks: number;
  /** what a win returns per unit staked, as a fraction (Andar 19/10, Bahar 2/1) */
  returns: Record<AndarBaharSide, { num: number; den: number }>;
  /** the chance of each side winning, exactly */
  odds: Record<AndarBaharSide, { num: number; den: number }>;
  rtpPercent: Record<AndarBaharSide, string>;
  firstCardTo: AndarBaharSide;
}

const RETURNS: Record<AndarBaharSide, Fraction> = { ANDAR: fraction(19n, 10n), BAHAR: fraction(2n, 1n) };

const choose2 = (n: bigint) => (n * (n - 1n)) / 2n;

/** The chance of each side winning, from the positions of the first matching card. */
export function andarBaharOdds(): Record<AndarBaharSide, Fraction> {
  const total = (51n * 50n * 49n) / 6n; // C(51, 3)
  let andar = 0n;
  let bahar = 0n;
  for (let k = 1n; k <= 49n; k++) {
    const ways = choose2(51n - k);
    if (k % 2n === 1n) andar += ways;
    else bahar += ways;
  }
  return { ANDAR: fraction(andar, total), BAHAR: fraction(bahar, total) };
}

const ODDS = andarBaharOdds();
const RTPS: Record<AndarBaharSide, Fraction> = { ANDAR: mul(ODDS.ANDAR, RETURNS.ANDAR), BAHAR: mul(ODDS.BAHAR, RETURNS.BAHAR) };

export const ANDAR_BAHAR_MAX_FLOATS = 50;

function parseAndarBaharParams(raw: unknown): AndarBaharParams {
  if (raw === undefined || raw === null) return { side: 'ANDAR' };
  const o = plainObject(raw, ['side']);
  if (o.side !== 'ANDAR' && o.side !== 'BAHAR') throw new BadParams('side must be ANDAR or BAHAR');
  return { side: o.side };
}

const deck = new Uint8Array(52);
// a global's lookup is slow in a vm context (e.g. Jest): keep it in a module constant
const floor = Math.floor;

/** Deals a round: [joker index, dealt card indexes]; reads one float per card. */
export function dealAndarBahar(floats: FloatReader): [number, number[]] {
  for (let i = 0; i < 52; i++) deck[i] = i;
  const draw = (i: number) => {
    const j = i + floor(floats.next() * (52 - i));
    const card = deck[j];
    deck[j] = deck[i];
    deck[i] = card;
    return card;
  };
  const joker = draw(0);
  const rank = joker % 13;
  const dealt: number[] = [];
  for (let i = 1; i < 52; i++) {
    const card = draw(i);
    dealt.push(card);
    if (card % 13 === rank) break;
  }
  return [joker, dealt];
}

const cut = (r: Fraction) => ({ num: Number(r.num), den: Number(r.den) });

export const andarBaharEngine: Engine<AndarBaharParams, AndarBaharOutcome, AndarBaharConfig> = {
  id: 'andarbahar',
  names: { en: 'Andar Bahar', bn: 'আন্দার বাহার' },
  rtp: Math.min(toNumber(RTPS.ANDAR), toNumber(RTPS.BAHAR)),
  config: {
    decks: 1,
    returns: { ANDAR: cut(RETURNS.ANDAR), BAHAR: cut(RETURNS.BAHAR) },
    odds: { ANDAR: cut(ODDS.ANDAR), BAHAR: cut(ODDS.BAHAR) },
    rtpPercent: { ANDAR: toPercent(RTPS.ANDAR, 4), BAHAR: toPercent(RTPS.BAHAR, 4) },
    firstCardTo: 'ANDAR',
  },
  defaultParams: { side: 'ANDAR' },
  parseParams: parseAndarBaharParams,
  floatsNeeded: () => ANDAR_BAHAR_MAX_FLOATS,
  outcome(floats: FloatReader, params: AndarBaharParams): AndarBaharOutcome {
    const [joker, dealt] = dealAndarBahar(floats);
    const andar: Card[] = [];
    const bahar: Card[] = [];
    for (let i = 0; i < dealt.length; i++) (i % 2 === 0 ? andar : bahar).push(cardOf(dealt[i]));
    const winner: AndarBaharSide = dealt.length % 2 === 1 ? 'ANDAR' : 'BAHAR';
    return { engine: 'andarbahar', joker: cardOf(joker), andar, bahar, winner, side: params.side, win: winner === params.side };
  },
  payout(stake, outcome) {
    if (!outcome.win) return 0n;
    const r = RETURNS[outcome.side];
    return (stake * r.num) / r.den;
  },
  maxPayout: (stake, params) => (stake * RETURNS[params.side].num) / RETURNS[params.side].den,
  rtpOf: (params) => RTPS[params.side],
};
