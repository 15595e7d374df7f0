import { createHmac, randomBytes } from 'node:crypto';
import type { OpenedDraw } from '@khela/api/games';
import { drawNumbersFromSeed } from '@khela/games-math';
import { serverSeedHashSync } from '@khela/games-math/node';
import type { Queryable } from '../../db/db';
import { readKek, unwrapSecret, wrapSecret } from '../../http/sealed';

/**
 * Lottery draws (issue 17): each lottery game opens a draw every `interval` seconds (draw index =
 * draw time / interval). Every draw has its own server seed, HMAC-SHA256(the platform's lottery
 * secret, "gameCode:index") in hex: the same on every server instance, unknowable without the
 * secret. Its SHA-256 commitment is published while the draw takes bets, the seed once the draw
 * has run, and the numbers are the seed's (`drawNumbersFromSeed` in @khela/games-math), so anyone
 * can recompute them.
 */

/** Dhaka is UTC+6 all year: numeros and day boundaries follow it. */
const DHAKA_OFFSET_S = 6 * 3600;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The platform's lottery secret (one row, made at first start; every instance reads the same).
 * Stored under KHELA_SEAL_KEK when that is set: whoever reads the database alone can't compute the
 * coming draws. A secret stored bare by an earlier version (64 hex digits) is still read.
 */
export async function lotterySecret(db: Queryable, kek: Buffer | null = readKek()): Promise<string> {
  await db.query(`INSERT INTO lottery_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
    wrapSecret(Buffer.from(randomBytes(32).toString('hex')), kek),
  ]);
  const stored = (await db.one<{ secret: string }>(`SELECT secret FROM lottery_secret WHERE id = 1`))!.secret;
  return /^[0-9a-f]{64}$/.test(stored) ? stored : unwrapSecret(stored, kek).toString();
}

/** The server seed of draw `index` of a game. */
export const drawSeed = (secret: string, gameCode: string, index: number) =>
  createHmac('sha256', secret).update(`${gameCode}:${index}`, 'utf8').digest('hex');

/** The numbers of draw `index` of a game, by its group (and, for a few games, its code). */
export function drawNumbers(secret: string, gameCode: string, group: string, index: number): string[] {
  return drawNumbersFromSeed(drawSeed(secret, gameCode, index), gameCode, group, index);
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

export interface LotteryGameRef {
  gameCode: string;
  groupCode: string | null;
  drawInterval: number | null;
}

/** The game's draw interval, seconds (a test configuration may shorten every game's). */
export const intervalOf = (game: LotteryGameRef, override?: number) => override ?? game.drawInterval ?? 86400;

/** The draw `index` of a game: its numero, time, seed commitment, and (once run) seed and numbers. */
export function drawAt(secret: string, game: LotteryGameRef, index: number, interval: number, now: number) {
  const seed = drawSeed(secret, game.gameCode, index);
  const at = index * interval * 1000;
  const opened = at <= now;
  return {
    gameCode: game.gameCode,
    index,
    numero: numero(index, interval),
    at: new Date(at).toISOString(),
    serverSeedHash: serverSeedHashSync(seed),
    serverSeed: opened ? seed : null,
    numbers: opened ? drawNumbersFromSeed(seed, game.gameCode, game.groupCode ?? '', index) : null,
  };
}

/** The last `count` opened draws, newest first, and the next draw (its time and seed commitment). */
export function openedDraws(
  secret: string,
  game: LotteryGameRef,
  count: number,
  now = Date.now(),
  intervalOverride?: number,
): { list: OpenedDraw[]; nextDrawAt: string; nextDraw: { numero: string; drawAt: string; serverSeedHash: string } } {
  const interval = intervalOf(game, intervalOverride);
  const latest = Math.floor(now / 1000 / interval);
  const list = Array.from({ length: count }, (_, i) => {
    const d = drawAt(secret, game, latest - i, interval, now);
    return {
      gameCode: game.gameCode,
      numero: d.numero,
      openedNumbers: d.numbers!,
      openedAt: d.at,
      serverSeed: d.serverSeed!,
      serverSeedHash: d.serverSeedHash,
    };
  });
  const next = drawAt(secret, game, latest + 1, interval, now);
  return { list, nextDrawAt: next.at, nextDraw: { numero: next.numero, drawAt: next.at, serverSeedHash: next.serverSeedHash } };
}

/** The prize modes a lottery game can be launched in. */
export function prizeModesOf(gameType: string, group: string | null): string[] {
  if (gameType === 'ELOTT') return ['ELOTT'];
  if (group === 'VN') return ['LOTT', 'ELOTT'];
  if (group === 'SEA') return ['SEA'];
  return ['LOTT', 'ZY'];
}
