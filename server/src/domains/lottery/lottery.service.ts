import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BadLotteryBet,
  betOddsOf,
  checkLotteryBet,
  drawKindOf,
  drawNumbersFromSeed,
  isPrizeMode,
  lotteryBetTypesOf,
  potentialWin,
  settleBet,
  takesLotteryBets,
  topOdds,
  type BetOdds,
  type LotteryBetType,
  type LotterySettlement,
  type OddsTable,
  type PrizeMode,
} from '@khela/games-math';
import type { LiveEventMap } from '@khela/api/live';
import { ApiError } from '../../http/envelope';
import { issueWalletSession } from '../wallet/wallet-sessions';
import { createWalletClient, injectTransport, type WalletReply, type WalletTransport } from '../studio/wallet-client';
import { drawAt, drawSeed, intervalOf, prizeModesOf } from '../game/lottery.draws';
import { closeBeforeMs } from './lottery.config';

/**
 * Lottery bets on the platform's own draws (issue 17). The lottery is a vendor of the seamless-wallet
 * API like the studio: a bet is a wallet bet of its whole stake (so it is a bet record, and the
 * ledger publishes the movement on the live channel), and its settlement a wallet win of its payout
 * (0 for a loss) with the transaction id `<round>:<draw index>:win`: the unique key of the bet and
 * its draw. Settling twice, or on two instances at once, sends that same id, and the wallet answers a
 * repeat with its first answer: the bet is paid once. A void refunds through a wallet rollback.
 */

/** Bets settled at the same time (each a wallet call and a ledger transaction). */
const SETTLE_WORKERS = 4;

/** How many draws ahead a bet may be placed. */
const MAX_DRAWS_AHEAD = 30;

export interface LotteryGame {
  nodeId: number;
  gameCode: string;
  vendorCode: string;
  gameType: string;
  groupCode: string | null;
  drawInterval: number | null;
  closed: boolean;
}

export interface LotteryBetRow {
  id: number;
  memberId: number;
  vendorCode: string;
  gameCode: string;
  nodeId: number;
  drawIndex: number;
  numero: string;
  drawAt: Date;
  betType: LotteryBetType;
  numbers: string[];
  stakePerNumber: bigint;
  stake: bigint;
  odds: number;
  /** the odds table it was placed under (types whose odds depend on the unit or the matches), else null */
  oddsTable: OddsTable | null;
  /** the most it may pay, fixed when placed (null: placed before there was a maximum) */
  maxPayout: bigint | null;
  prizeMode: PrizeMode;
  walletRoundId: string;
  status: 'BETTING' | 'OPEN' | 'REFUSED' | 'WON' | 'LOST' | 'VOID' | 'ROLLED_BACK';
  payout: bigint;
  hits: LotterySettlement['hits'] | null;
  placedAt: Date;
  settledAt: Date | null;
}

const BET_COLUMNS = `id, member_id, vendor_code, game_code, node_id, draw_index, numero, draw_at, bet_type, numbers,
  stake_per_number::text, stake::text, odds, odds_table, max_payout::text, prize_mode, wallet_round_id, status, payout::text, hits, placed_at, settled_at`;

interface RawBet {
  id: string;
  member_id: string;
  vendor_code: string;
  game_code: string;
  node_id: string;
  draw_index: string;
  numero: string;
  draw_at: Date;
  bet_type: LotteryBetType;
  numbers: string[];
  stake_per_number: string;
  stake: string;
  odds: number;
  odds_table: OddsTable | null;
  max_payout: string | null;
  prize_mode: PrizeMode;
  wallet_round_id: string;
  status: LotteryBetRow['status'];
  payout: string;
  hits: LotterySettlement['hits'] | null;
  placed_at: Date;
  settled_at: Date | null;
}

const toBet = (r: RawBet): LotteryBetRow => ({
  id: Number(r.id),
  memberId: Number(r.member_id),
  vendorCode: r.vendor_code,
  gameCode: r.game_code,
  nodeId: Number(r.node_id),
  drawIndex: Number(r.draw_index),
  numero: r.numero,
  drawAt: new Date(r.draw_at),
  betType: r.bet_type,
  numbers: r.numbers,
  stakePerNumber: BigInt(r.stake_per_number),
  stake: BigInt(r.stake),
  odds: Number(r.odds),
  oddsTable: r.odds_table ?? null,
  maxPayout: r.max_payout === null || r.max_payout === undefined ? null : BigInt(r.max_payout),
  prizeMode: r.prize_mode,
  walletRoundId: r.wallet_round_id,
  status: r.status,
  payout: BigInt(r.payout),
  hits: r.hits,
  placedAt: new Date(r.placed_at),
  settledAt: r.settled_at ? new Date(r.settled_at) : null,
});

export interface LotteryServiceOptions {
  /** How the lottery reaches the wallet API (default in process). Tests pass failing ones. */
  transport?: WalletTransport;
  /** A bet without a wallet answer this long is rolled back by the settler (default 60 s). */
  staleBetS?: number;
}

/** A bet as the rules of its type read it: its units, stake and the odds it carries. */
export const placedBet = (b: LotteryBetRow) => ({
  type: b.betType,
  numbers: b.numbers,
  stakePerNumber: b.stakePerNumber,
  odds: (b.oddsTable ?? b.odds) as BetOdds,
  maxPayout: b.maxPayout,
});

export const walletIds = (b: { walletRoundId: string; drawIndex: number }) => ({
  bet: `${b.walletRoundId}:bet`,
  win: `${b.walletRoundId}:${b.drawIndex}:win`,
  rollback: `${b.walletRoundId}:rollback`,
});

export function createLotteryService(app: FastifyInstance, opts: LotteryServiceOptions = {}) {
  const db = app.db;
  const { config, secret } = app.lottery;
  const wallet = createWalletClient(app, opts.transport ?? injectTransport(app));
  const staleBetMs = (opts.staleBetS ?? 60) * 1000;

  async function gameOf(code: string): Promise<LotteryGame> {
    const row = await db.one<{
      node_id: string;
      game_code: string;
      vendor_code: string;
      game_type: string;
      game_group_code: string | null;
      draw_interval_s: number | null;
      closed: boolean;
    }>(
      `SELECT g.node_id, g.game_code, g.vendor_code, g.game_type, g.game_group_code, g.draw_interval_s,
              (g.hidden OR g.maintenance) AS closed
         FROM games g WHERE g.game_code = upper($1) AND g.game_type IN ('LOTT', 'ELOTT')`,
      [code],
    );
    if (!row || !takesLotteryBets(row.game_group_code, row.game_code))
      throw new ApiError(404, 'GAME_NOT_FOUND', `No lottery game ${code} takes bets`);
    return {
      nodeId: Number(row.node_id),
      gameCode: row.game_code,
      vendorCode: row.vendor_code,
      gameType: row.game_type,
      groupCode: row.game_group_code,
      drawInterval: row.draw_interval_s,
      closed: row.closed,
    };
  }

  const intervalFor = (g: LotteryGame) => intervalOf(g, config.intervalS);

  /** The prize modes a game is played in (the first is its default), and the one asked for, checked. */
  const prizeModes = (g: LotteryGame) => prizeModesOf(g.gameType, g.groupCode).filter(isPrizeMode);
  function prizeModeFor(g: LotteryGame, asked?: string): PrizeMode {
    const modes = prizeModes(g);
    const mode = asked ?? modes[0];
    if (!isPrizeMode(mode) || !modes.includes(mode))
      throw new ApiError(400, 'PRIZE_MODE_UNSUPPORTED', `${g.gameCode} is played in ${modes.join(', ')}`);
    return mode;
  }

  /** The bet types of a game and their odds in a prize mode (a number, or the type's table on this game). */
  const betTypesOf = (g: LotteryGame, mode: PrizeMode) =>
    lotteryBetTypesOf(g.groupCode, g.gameCode).map((type) => ({
      type,
      odds: betOddsOf(drawKindOf(g.gameCode, g.groupCode), type, config.oddsByMode[mode]),
    }));

  /** The next draws that still take bets: the index, numero, time, closing time and seed commitment. */
  function openDraws(g: LotteryGame, count = 3, now = config.now()) {
    const interval = intervalFor(g);
    const close = closeBeforeMs(config, interval);
    let index = Math.floor(now / 1000 / interval) + 1;
    if (index * interval * 1000 - close <= now) index++;
    return Array.from({ length: count }, (_, i) => {
      const d = drawAt(secret, g, index + i, interval, now);
      return {
        index: d.index,
        numero: d.numero,
        drawAt: d.at,
        closesAt: new Date(Date.parse(d.at) - close).toISOString(),
        serverSeedHash: d.serverSeedHash,
      };
    });
  }

  async function drawStatus(gameCode: string, index: number) {
    return db.one<{ status: 'SETTLED' | 'VOID'; numbers: string[] | null; server_seed: string | null }>(
      `SELECT status, numbers, server_seed FROM lottery_draws WHERE game_code = $1 AND draw_index = $2`,
      [gameCode, index],
    );
  }

  const betById = async (id: number) =>
    (await db.one<RawBet>(`SELECT ${BET_COLUMNS} FROM lottery_bets WHERE id = $1`, [id])) as RawBet | null;

  /** Moves a bet from one of `from` to `to`; false when it was not in one of them any more. */
  async function moveBet(id: number, from: LotteryBetRow['status'][], to: LotteryBetRow['status'], extra?: { error?: string }) {
    const row = await db.one(
      `UPDATE lottery_bets SET status = $3, last_error = coalesce($4, last_error),
              settled_at = CASE WHEN $3 IN ('WON', 'LOST', 'VOID', 'ROLLED_BACK') THEN now() ELSE settled_at END
        WHERE id = $1 AND status = ANY($2::text[]) RETURNING 1`,
      [id, from, to, extra?.error ?? null],
    );
    return !!row;
  }

  const noteError = (id: number, error: string) =>
    db.query(`UPDATE lottery_bets SET last_error = $2 WHERE id = $1`, [id, error.slice(0, 500)]);

  const sessionToken = async (b: { memberId: number; vendorCode: string; nodeId: number }) =>
    (
      await issueWalletSession(db, {
        memberId: b.memberId,
        vendorCode: b.vendorCode,
        nodeId: b.nodeId,
        accountType: 1,
        ttlSeconds: 300,
      })
    ).token;

  const baseBody = (b: LotteryBetRow, token: string) => ({
    vendor: b.vendorCode,
    token,
    roundId: b.walletRoundId,
    gameCode: b.gameCode,
    currency: 'BDT',
  });

  /** Places a bet on a draw that still takes bets; its stake leaves the member's wallet through the wallet API. */
  async function place(
    memberId: number,
    req: { gameCode: string; drawIndex: number; betType: string; numbers: string[]; stakePerNumber: bigint; prizeMode?: string },
  ) {
    const g = await gameOf(req.gameCode);
    if (g.closed) throw new ApiError(409, 'GAME_MAINTENANCE', `${g.gameCode} is under maintenance`);
    const prizeMode = prizeModeFor(g, req.prizeMode);
    let units: number;
    let type: LotteryBetType;
    try {
      ({ units, type } = checkLotteryBet(req.betType, req.numbers, 100, g.groupCode ?? '', g.gameCode));
    } catch (err) {
      if (err instanceof BadLotteryBet) throw new ApiError(400, 'BAD_BET', err.message, { reason: err.reason });
      throw err;
    }
    if (req.stakePerNumber < config.minStake || req.stakePerNumber > config.maxStake)
      throw new ApiError(
        400,
        'STAKE_OUT_OF_RANGE',
        `The stake per number must be ${config.minStake} to ${config.maxStake} poisha`,
        {
          minStake: config.minStake.toString(),
          maxStake: config.maxStake.toString(),
        },
      );
    const now = config.now();
    const open = openDraws(g, 1, now)[0];
    if (req.drawIndex < open.index)
      throw new ApiError(409, 'DRAW_CLOSED', 'Betting on this draw has closed: choose the next draw', { next: open });
    if (req.drawIndex > open.index + MAX_DRAWS_AHEAD) throw new ApiError(400, 'DRAW_TOO_FAR', 'That draw does not take bets yet');
    if ((await drawStatus(g.gameCode, req.drawIndex))?.status === 'VOID')
      throw new ApiError(409, 'DRAW_VOID', 'This draw was cancelled by the operator');
    const interval = intervalFor(g);
    const d = drawAt(secret, g, req.drawIndex, interval, now);
    const stake = req.stakePerNumber * BigInt(units);
    const walletRoundId = `LT-${randomBytes(12).toString('base64url')}`;
    const odds = betOddsOf(drawKindOf(g.gameCode, g.groupCode), type, config.oddsByMode[prizeMode]);
    const inserted = await db.one<{ id: string }>(
      `INSERT INTO lottery_bets (member_id, vendor_code, game_code, node_id, draw_index, numero, draw_at, bet_type, numbers,
                                 stake_per_number, stake, odds, odds_table, prize_mode, wallet_round_id, status, max_payout)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10::bigint, $11::bigint, $12, $13::jsonb, $14, $15, 'BETTING', $16::bigint)
       RETURNING id`,
      [
        memberId,
        g.vendorCode,
        g.gameCode,
        g.nodeId,
        req.drawIndex,
        d.numero,
        d.at,
        type,
        req.numbers,
        req.stakePerNumber.toString(),
        stake.toString(),
        topOdds(odds),
        typeof odds === 'number' ? null : JSON.stringify(odds),
        prizeMode,
        walletRoundId,
        config.maxPayout.toString(),
      ],
    );
    const bet = toBet((await betById(Number(inserted!.id)))!);
    const token = await sessionToken(bet);
    const ids = walletIds(bet);
    const reply = await wallet.call('bet', { ...baseBody(bet, token), transactionId: ids.bet, amount: stake.toString() });
    if (reply.status === 'UNKNOWN') {
      app.log.warn({ bet: bet.id, error: reply.error }, 'lottery: no answer to a bet; rolling it back');
      await rollback(bet, token);
      throw new ApiError(503, 'WALLET_UNAVAILABLE', 'The wallet did not answer: the bet is cancelled and nothing was taken');
    }
    if (reply.status !== 'OK') {
      await moveBet(bet.id, ['BETTING'], 'REFUSED', { error: reply.status });
      if (reply.status === 'INSUFFICIENT_FUNDS')
        throw new ApiError(409, 'INSUFFICIENT_FUNDS', 'Not enough balance for this bet', { balance: reply.balance.toString() });
      app.log.error({ bet: bet.id, status: reply.status }, 'lottery: the wallet refused a bet');
      throw new ApiError(503, 'WALLET_UNAVAILABLE', 'The wallet refused the bet: nothing was taken');
    }
    if (!(await moveBet(bet.id, ['BETTING'], 'OPEN')))
      throw new ApiError(503, 'WALLET_UNAVAILABLE', 'The bet was cancelled meanwhile: the stake is returned');
    return { bet: toBet((await betById(bet.id))!), balance: reply.balance };
  }

  /** Cancels a bet through a wallet rollback (a refund when its stake was taken). */
  async function rollback(b: LotteryBetRow, token?: string, to: 'VOID' | 'ROLLED_BACK' = 'ROLLED_BACK'): Promise<boolean> {
    const t = token ?? (await sessionToken(b));
    const ids = walletIds(b);
    const r = await wallet.call('rollback', {
      ...baseBody(b, t),
      transactionId: ids.rollback,
      referenceTransactionId: ids.bet,
      amount: '0',
    });
    if (r.status === 'OK' || r.status === 'ALREADY_ROLLED_BACK') return moveBet(b.id, ['BETTING', 'OPEN'], to);
    await noteError(b.id, r.status === 'UNKNOWN' ? r.error : r.status);
    return false;
  }

  /** Records a draw as settled (or finds it voided): the first decision stands, on every instance. */
  async function decideDraw(
    g: { gameCode: string; groupCode: string | null },
    bet: { drawIndex: number; numero: string; drawAt: Date },
  ) {
    // the bet's own draw time has passed (it is the one it was placed for, whatever the interval is now)
    const seed = drawSeed(secret, g.gameCode, bet.drawIndex);
    const numbers = drawNumbersFromSeed(seed, g.gameCode, g.groupCode ?? '', bet.drawIndex);
    const index = bet.drawIndex;
    await db.query(
      `INSERT INTO lottery_draws (game_code, draw_index, numero, draw_at, status, numbers, server_seed)
       VALUES ($1, $2, $3, $4, 'SETTLED', $5::text[], $6) ON CONFLICT (game_code, draw_index) DO NOTHING`,
      [g.gameCode, index, bet.numero, bet.drawAt, numbers, seed],
    );
    return (await drawStatus(g.gameCode, index))!;
  }

  async function deliverWin(b: LotteryBetRow, s: LotterySettlement, token: string): Promise<'SETTLED' | 'VOID' | 'LEFT'> {
    const ids = walletIds(b);
    const win: WalletReply = await wallet.call('win', {
      ...baseBody(b, token),
      transactionId: ids.win,
      referenceTransactionId: ids.bet,
      amount: s.payout.toString(),
    });
    if (win.status === 'OK') {
      await db.query(
        `UPDATE lottery_bets SET status = $2, payout = $3::bigint, hits = $4::jsonb, settled_at = now(), last_error = NULL
          WHERE id = $1 AND status = 'OPEN'`,
        [b.id, s.payout > 0n ? 'WON' : 'LOST', s.payout.toString(), JSON.stringify(s.hits)],
      );
      return 'SETTLED';
    }
    if (win.status === 'ALREADY_ROLLED_BACK') {
      await moveBet(b.id, ['OPEN'], 'VOID', { error: win.status });
      return 'VOID';
    }
    await noteError(b.id, win.status === 'UNKNOWN' ? win.error : win.status);
    app.log.warn({ bet: b.id, status: win.status }, 'lottery: a settlement is not delivered yet; the settler retries it');
    return 'LEFT';
  }

  /**
   * Settles every open bet whose draw has run (the job "lottery-settle", at start and then every few
   * seconds, so draws missed while the server was down are settled when it is back), refunds the bets
   * of voided draws, and rolls back bets the wallet never answered. Safe on two instances at once.
   */
  async function settleDue(opts2: { limit?: number; signal?: AbortSignal; now?: number } = {}) {
    const now = opts2.now ?? config.now();
    const limit = opts2.limit ?? 500;
    const stale = await db.query<RawBet>(
      `SELECT ${BET_COLUMNS} FROM lottery_bets WHERE status = 'BETTING' AND placed_at < $1 ORDER BY id LIMIT $2`,
      [new Date(now - staleBetMs), limit],
    );
    let rolledBack = 0;
    for (const raw of stale) if (await rollback(toBet(raw))) rolledBack++;

    // look-ups shared by the workers (each made once: the promise is kept)
    const games = new Map<string, Promise<LotteryGame>>();
    const draws = new Map<string, Promise<Awaited<ReturnType<typeof decideDraw>>>>();
    const tokens = new Map<string, Promise<string>>();
    const once = <T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>) => {
      let p = map.get(key);
      if (!p) map.set(key, (p = make()));
      return p;
    };
    let won = 0;
    let lost = 0;
    let voided = 0;
    let left = 0;
    const notices = new DrawNotices();
    const settleOne = async (b: LotteryBetRow) => {
      const g = await once(games, b.gameCode, () => gameOf(b.gameCode));
      const draw = await once(draws, `${b.gameCode}:${b.drawIndex}`, () => decideDraw(g, b));
      const token = await once(tokens, `${b.memberId}:${b.vendorCode}`, () => sessionToken(b));
      if (draw.status === 'VOID') {
        if (await rollback(b, token, 'VOID')) {
          voided++;
          notices.add(b, 'VOID', null, 0n);
        } else left++;
        return true;
      }
      // at the odds the bet was placed under, whatever they are now
      const s = settleBet(placedBet(b), draw.numbers!, drawKindOf(g.gameCode, g.groupCode));
      const r = await deliverWin(b, s, token);
      if (r === 'SETTLED') {
        if (s.payout > 0n) won++;
        else lost++;
        notices.add(b, 'SETTLED', draw.numbers, s.payout);
      } else if (r === 'VOID') {
        voided++;
        notices.add(b, 'VOID', null, 0n);
      } else left++;
      return r !== 'LEFT';
    };
    // batches until nothing is due; a bet the wallet did not settle now waits for the next run
    const skip: number[] = [];
    for (;;) {
      const due = (
        await db.query<RawBet>(
          `SELECT ${BET_COLUMNS} FROM lottery_bets WHERE status = 'OPEN' AND draw_at <= $1 AND NOT (id = ANY($3::bigint[]))
            ORDER BY draw_at, id LIMIT $2`,
          [new Date(now), limit, skip],
        )
      ).map(toBet);
      let next = 0;
      const worker = async () => {
        while (next < due.length && !opts2.signal?.aborted) {
          const b = due[next++];
          if (!(await settleOne(b))) skip.push(b.id);
        }
      };
      await Promise.all(Array.from({ length: SETTLE_WORKERS }, worker));
      if (due.length < limit || opts2.signal?.aborted) break;
    }
    notices.send(app);
    return { won, lost, voided, rolledBack, left };
  }

  /** An operator voids a draw (run or not, but not settled): its bets are refunded, later bets refused. */
  async function voidDraw(gameCode: string, draw: { index?: number; numero?: string }, reason: string) {
    const g = await gameOf(gameCode);
    const interval = intervalFor(g);
    const now = config.now();
    let index = draw.index;
    if (index === undefined) {
      const row = await db.one<{ draw_index: string }>(
        `SELECT draw_index FROM lottery_bets WHERE game_code = $1 AND numero = $2
         UNION SELECT draw_index FROM lottery_draws WHERE game_code = $1 AND numero = $2 LIMIT 1`,
        [g.gameCode, draw.numero ?? ''],
      );
      if (!row) throw new ApiError(404, 'DRAW_NOT_FOUND', `No bets on draw ${draw.numero} of ${g.gameCode}: give the draw index`);
      index = Number(row.draw_index);
    }
    const d = drawAt(secret, g, index, interval, now);
    await db.query(
      `INSERT INTO lottery_draws (game_code, draw_index, numero, draw_at, status, reason)
       VALUES ($1, $2, $3, $4, 'VOID', $5) ON CONFLICT (game_code, draw_index) DO NOTHING`,
      [g.gameCode, index, d.numero, d.at, reason],
    );
    const status = (await drawStatus(g.gameCode, index))!;
    const bets = (
      await db.query<RawBet>(
        `SELECT ${BET_COLUMNS} FROM lottery_bets WHERE game_code = $1 AND draw_index = $2 AND status IN ('BETTING', 'OPEN') ORDER BY id`,
        [g.gameCode, index],
      )
    ).map(toBet);
    if (status.status === 'SETTLED')
      throw new ApiError(409, 'DRAW_SETTLED', `Draw ${d.numero} of ${g.gameCode} is already settled: it cannot be voided`);
    let refunded = 0;
    let left = 0;
    const notices = new DrawNotices();
    for (const b of bets) {
      if (await rollback(b, undefined, 'VOID')) {
        refunded++;
        notices.add(b, 'VOID', null, 0n);
      } else left++;
    }
    notices.send(app);
    return { gameCode: g.gameCode, drawIndex: index, numero: d.numero, refunded, left };
  }

  async function memberBets(memberId: number, limit = 20, gameCode?: string) {
    const rows = await db.query<RawBet>(
      `SELECT ${BET_COLUMNS} FROM lottery_bets WHERE member_id = $1 AND status <> 'REFUSED' AND ($3::text IS NULL OR game_code = $3)
        ORDER BY placed_at DESC, id DESC LIMIT $2`,
      [memberId, limit, gameCode?.toUpperCase() ?? null],
    );
    return rows.map(toBet);
  }

  return {
    gameOf,
    openDraws,
    place,
    settleDue,
    voidDraw,
    memberBets,
    potentialWin,
    drawStatus,
    prizeModes,
    prizeModeFor,
    betTypesOf,
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

/**
 * The live `lotteryDraw` events of one settler run or void: one per member and draw whose bets reached
 * their end in it, with the draw's numbers and what the member's bets on it paid, so the betting
 * view shows the result without asking (the balance follows through the ledger's own event).
 */
class DrawNotices {
  private readonly byKey = new Map<string, { memberId: number; event: LiveEventMap['lotteryDraw'] }>();

  add(b: LotteryBetRow, status: 'SETTLED' | 'VOID', numbers: string[] | null, payout: bigint) {
    const key = `${b.memberId}:${b.gameCode}:${b.drawIndex}`;
    const seen = this.byKey.get(key);
    if (seen) {
      seen.event.payout = (BigInt(seen.event.payout) + payout).toString();
      seen.event.bets += 1;
      return;
    }
    this.byKey.set(key, {
      memberId: b.memberId,
      event: {
        gameCode: b.gameCode,
        drawIndex: b.drawIndex,
        numero: b.numero,
        status,
        numbers,
        bets: 1,
        payout: payout.toString(),
      },
    });
  }

  send(app: FastifyInstance) {
    for (const { memberId, event } of this.byKey.values()) app.live.toMember(memberId, 'lotteryDraw', event);
  }
}
