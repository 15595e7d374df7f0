import type { OpenedDraw } from '@khela/api/games';
import { hash32, prng } from './catalogue.seed';

/**
 * Lottery draws. Until the platform runs its own draws, each lottery game opens a draw every
 * `interval` seconds whose numbers are derived from (game code, draw index): deterministic, the
 * same on every server, and never known before the draw time.
 */

/** Dhaka is UTC+6 all year: numeros and day boundaries follow it. */
const DHAKA_OFFSET_S = 6 * 3600;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function distinct(rand: () => number, count: number, max: number): number[] {
  const set = new Set<number>();
  while (set.size < count) set.add(1 + Math.floor(rand() * max));
  return [...set].sort((a, b) => a - b);
}

/** The numbers of draw `index` of a game, by its group (and, for a few games, its code). */
export function drawNumbers(gameCode: string, group: string, index: number): string[] {
  const rand = prng(hash32(`draw:${gameCode}:${index}`));
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rand() * 10)));
  const num = (width: number) => pad(Math.floor(rand() * 10 ** width), width);
  if (gameCode === 'LUCKY_PICK2') return digits(2);
  if (gameCode === 'QD_FAST3' || gameCode === 'QD_TRIPLE_DICE')
    return Array.from({ length: 3 }, () => String(1 + Math.floor(rand() * 6)));
  if (gameCode === 'QD_RACE10') {
    const order = Array.from({ length: 10 }, (_, i) => i + 1);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order.map((n) => pad(n, 2));
  }
  switch (group) {
    case 'VN':
      return [num(5), num(5), num(4), num(4), num(3), num(2)];
    case 'DAILY':
      return distinct(rand, 6, 45).map((n) => pad(n, 2));
    case 'SEA':
      return [num(4), num(4), num(4)];
    case 'NUMBERS':
      return digits(3);
    case 'KENO':
      return distinct(rand, 20, 80).map((n) => pad(n, 2));
    case 'BINGO':
      return distinct(rand, 5, gameCode === 'KH_BINGO75' ? 75 : 49).map((n) => pad(n, 2));
    case 'FAST':
    case 'QUICK':
    default:
      return digits(gameCode === 'FF_COLOUR' ? 1 : 5);
  }
}

/** The draw number: the Dhaka date, plus the draw's index within that day when there are several a day. */
export function numero(index: number, interval: number): string {
  const at = index * interval + DHAKA_OFFSET_S;
  const d = new Date(at * 1000);
  const date = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
  if (interval >= 86400) return date;
  const secondsIntoDay = at % 86400;
  return `${date}-${pad(Math.floor(secondsIntoDay / interval) + 1, 4)}`;
}

/** The last `count` opened draws, newest first, and when the next one opens. */
export function openedDraws(
  game: { gameCode: string; groupCode: string | null; drawInterval: number | null },
  count: number,
  now = Date.now(),
): { list: OpenedDraw[]; nextDrawAt: string } {
  const interval = game.drawInterval ?? 86400;
  const latest = Math.floor(now / 1000 / interval);
  const list = Array.from({ length: count }, (_, i) => {
    const index = latest - i;
    return {
      gameCode: game.gameCode,
      numero: numero(index, interval),
      openedNumbers: drawNumbers(game.gameCode, game.groupCode ?? '', index),
      openedAt: new Date(index * interval * 1000).toISOString(),
    };
  });
  return { list, nextDrawAt: new Date((latest + 1) * interval * 1000).toISOString() };
}

/** The prize modes a lottery game can be launched in. */
export function prizeModesOf(gameType: string, group: string | null): string[] {
  if (gameType === 'ELOTT') return ['ELOTT'];
  if (group === 'VN') return ['LOTT', 'ELOTT'];
  if (group === 'SEA') return ['SEA'];
  return ['LOTT', 'ZY'];
}
