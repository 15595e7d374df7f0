import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BadParams, engineOf, isClientSeed, playRound, type EngineId } from '@khela/games-math';
import { nodeHmac } from '@khela/games-math/node';
import { ApiError } from '../../http/envelope';
import { findWalletSession, issueWalletSession } from '../wallet/wallet-sessions';
import {
  activeSeed,
  demoBalance,
  gameByNode,
  insertRound,
  memberRounds,
  moveDemo,
  moveRound,
  noteAttempt,
  resetDemo,
  rotateSeed,
  roundById,
  takeNonce,
  unfinishedRounds,
  type RoundRow,
  type SeedRow,
  type StudioGameRow,
} from './studio.repo';
import { DEMO_START, engineFor, stakeLimits, type StakeLimits } from './studio.rules';
import { createWalletClient, injectTransport, type WalletReply, type WalletTransport } from './wallet-client';

/**
 * The studio: plays the platform's own games (and the seeded vendors' games on the same engines)
 * for a launch's wallet token. A real round takes the next nonce of the member's seed, fixes its
 * outcome, and then bets and pays through the seamless-wallet API as the game's vendor; a free
 * trial plays demo credits the studio keeps itself.
 */

export type Mode = 'REAL' | 'DEMO';

export interface StudioSession {
  token: string;
  memberId: number;
  mode: Mode;
  game: StudioGameRow;
  engine: EngineId;
  limits: StakeLimits;
}

export interface Fairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface StudioOptions {
  /** How the studio reaches the wallet API (default: in process, app.inject). Tests pass failing ones. */
  transport?: WalletTransport;
  /** A bet without an answer this long is rolled back by the settler (default 60 s). */
  staleBetS?: number;
  /** The wallet call time-out (default 10 s). */
  walletTimeoutMs?: number;
}

const fairnessOf = (s: SeedRow): Fairness => ({ serverSeedHash: s.serverSeedHash, clientSeed: s.clientSeed, nonce: s.nextNonce });

const walletUnavailable = (message: string, value: Record<string, unknown> | null = null) =>
  new ApiError(503, 'WALLET_UNAVAILABLE', message, value);

/** The wallet API's ids of a round: its round id, and one transaction id per call. */
const walletIds = (round: string) => ({ bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rollback` });

export function createStudio(app: FastifyInstance, opts: StudioOptions = {}) {
  const wallet = createWalletClient(app, opts.transport ?? injectTransport(app), opts.walletTimeoutMs);
  const db = app.db;

  /** The session behind a game token; 401 INVALID_TOKEN for anything that is not a live session of a game the studio plays. */
  async function sessionOf(token: string | undefined): Promise<StudioSession> {
    const refuse = (why: string) => new ApiError(401, 'INVALID_TOKEN', why);
    if (!token) throw refuse('The game token (X-Game-Token) is missing');
    const ws = await findWalletSession(db, token);
    if (!ws) throw refuse('Unknown game token: open the game again');
    if (ws.expired) throw refuse('This game session has ended: open the game again');
    const game = ws.nodeId === null ? null : await gameByNode(db, ws.nodeId);
    const engine = game && engineFor(game);
    if (!game || !engine || game.vendorCode !== ws.vendorCode)
      throw refuse('This token is not for a game of the platform studio');
    return {
      token,
      memberId: ws.memberId,
      mode: ws.accountType === 1 ? 'REAL' : 'DEMO',
      game,
      engine,
      limits: stakeLimits(engine, game.minBet),
    };
  }

  const baseBody = (s: { token: string; vendorCode: string; walletRoundId: string; gameCode: string }) => ({
    vendor: s.vendorCode,
    token: s.token,
    roundId: s.walletRoundId,
    gameCode: s.gameCode,
    currency: 'BDT',
  });

  /** The balance the game plays from: the wallet API's (real), or the demo credits. */
  async function balance(s: StudioSession): Promise<bigint> {
    if (s.mode === 'DEMO') return demoBalance(db, s.memberId, DEMO_START);
    const r = await wallet.call('balance', { vendor: s.game.vendorCode, token: s.token, currency: 'BDT' });
    if (r.status === 'OK') return r.balance;
    if (r.status === 'INVALID_TOKEN')
      throw new ApiError(401, 'INVALID_TOKEN', 'This game session has ended: open the game again');
    app.log.error({ vendor: s.game.vendorCode, status: r.status }, 'studio: the wallet refused a balance call');
    throw walletUnavailable('The wallet is not answering: try again shortly');
  }

  async function fairness(s: StudioSession): Promise<Fairness> {
    return fairnessOf(await activeSeed(db, s.memberId, s.engine));
  }

  function checkStake(s: StudioSession, stake: bigint): void {
    if (stake < s.limits.minStake || stake > s.limits.maxStake) {
      throw new ApiError(400, 'STAKE_OUT_OF_RANGE', `The stake must be ${s.limits.minStake} to ${s.limits.maxStake} poisha`, {
        minStake: s.limits.minStake.toString(),
        maxStake: s.limits.maxStake.toString(),
      });
    }
  }

  function parseParams(s: StudioSession, raw: unknown): unknown {
    try {
      return engineOf(s.engine).parseParams(raw);
    } catch (err) {
      if (err instanceof BadParams) throw new ApiError(400, 'BAD_PARAMS', err.message);
      throw err;
    }
  }

  /** One round: its outcome fixed first by the seeds, then settled in the demo credits or through the wallet. */
  async function play(s: StudioSession, stake: bigint, rawParams: unknown) {
    if (s.game.closed) throw new ApiError(409, 'GAME_MAINTENANCE', `${s.game.nameEn} is under maintenance`);
    checkStake(s, stake);
    const params = parseParams(s, rawParams);
    return s.mode === 'DEMO' ? playDemo(s, stake, params) : playReal(s, stake, params);
  }

  async function fixRound(q: Parameters<typeof takeNonce>[0], s: StudioSession, stake: bigint, params: unknown, mode: Mode) {
    const seed = await takeNonce(q, s.memberId, s.engine);
    const played = await playRound(nodeHmac, s.engine, seed, params, stake);
    const walletRoundId = `KS-${randomBytes(12).toString('base64url')}`;
    const id = await insertRound(q, {
      walletRoundId,
      memberId: s.memberId,
      vendorCode: s.game.vendorCode,
      gameCode: s.game.gameCode,
      nodeId: s.game.nodeId,
      engine: s.engine,
      mode,
      seedId: seed.id,
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      params: played.params,
      outcome: played.outcome,
      stake,
      payout: played.payout,
      status: mode === 'DEMO' ? 'SETTLED' : 'BETTING',
    });
    return { id, walletRoundId, payout: played.payout, fairness: fairnessOf(seed) };
  }

  async function playDemo(s: StudioSession, stake: bigint, params: unknown) {
    const result = await db.tx(async (q) => {
      const before = await demoBalance(q, s.memberId, DEMO_START);
      if ((await moveDemo(q, s.memberId, -stake)) === null) {
        throw new ApiError(409, 'INSUFFICIENT_FUNDS', 'Not enough demo credits for this stake', { balance: before.toString() });
      }
      const round = await fixRound(q, s, stake, params, 'DEMO');
      const after = (await moveDemo(q, s.memberId, round.payout))!;
      return { ...round, balance: after };
    });
    return { round: (await roundById(db, result.id))!, balance: result.balance, fairness: result.fairness };
  }

  async function playReal(s: StudioSession, stake: bigint, params: unknown) {
    const fixed = await db.tx((q) => fixRound(q, s, stake, params, 'REAL'));
    const ids = walletIds(fixed.walletRoundId);
    const base = baseBody({ ...s.game, token: s.token, walletRoundId: fixed.walletRoundId });

    const bet = await wallet.call('bet', { ...base, transactionId: ids.bet, amount: stake.toString() });
    if (bet.status === 'UNKNOWN') {
      app.log.warn({ round: fixed.id, error: bet.error }, 'studio: no answer to a bet; rolling it back');
      if (await moveRound(db, fixed.id, ['BETTING'], 'ROLLBACK', bet.error)) await sendRollback(fixed.id, base, ids);
      throw walletUnavailable('The wallet did not answer: the bet is cancelled and nothing was taken');
    }
    if (bet.status !== 'OK') {
      await moveRound(db, fixed.id, ['BETTING'], 'REFUSED', bet.status);
      if (bet.status === 'INSUFFICIENT_FUNDS') {
        throw new ApiError(409, 'INSUFFICIENT_FUNDS', 'Not enough balance for this stake', { balance: bet.balance.toString() });
      }
      if (bet.status === 'LIMIT_REACHED') {
        throw new ApiError(409, 'LIMIT_REACHED', 'Your loss limit is reached: no more bets until it resets', {
          balance: bet.balance.toString(),
        });
      }
      if (bet.status === 'INVALID_TOKEN')
        throw new ApiError(401, 'INVALID_TOKEN', 'This game session has ended: open the game again');
      app.log.error({ round: fixed.id, vendor: s.game.vendorCode, status: bet.status }, 'studio: the wallet refused a bet');
      throw walletUnavailable('The wallet refused the bet: nothing was taken');
    }
    if (!(await moveRound(db, fixed.id, ['BETTING'], 'PENDING'))) {
      // the settler found the bet stale and rolled it back meanwhile
      throw walletUnavailable('The round was cancelled: the stake is returned', { roundId: String(fixed.id) });
    }
    const win = await wallet.call('win', {
      ...base,
      transactionId: ids.win,
      referenceTransactionId: ids.bet,
      amount: fixed.payout.toString(),
    });
    const settled = await finishWin(fixed.id, base, ids, win);
    if (settled === 'ROLLED_BACK')
      throw walletUnavailable('The round was cancelled: the stake is returned', { roundId: String(fixed.id) });
    if (settled !== 'SETTLED' || win.status !== 'OK') {
      throw walletUnavailable('The round is played and will be paid as soon as the wallet answers', {
        roundId: String(fixed.id),
      });
    }
    return { round: (await roundById(db, fixed.id))!, balance: win.balance, fairness: fixed.fairness };
  }

  /**
   * Moves a round on from its win's answer: SETTLED (paid: by this call or by a twin, since the
   * wallet answers a repeated win with its first answer), ROLLED_BACK (the bet was cancelled), or
   * PENDING (the win is still to deliver: the settler retries it).
   */
  async function finishWin(
    id: number,
    base: ReturnType<typeof baseBody>,
    ids: ReturnType<typeof walletIds>,
    win: WalletReply,
  ): Promise<'SETTLED' | 'ROLLED_BACK' | 'PENDING'> {
    if (win.status === 'OK') {
      await moveRound(db, id, ['PENDING'], 'SETTLED');
      return 'SETTLED';
    }
    if (win.status === 'ALREADY_ROLLED_BACK') {
      await moveRound(db, id, ['PENDING'], 'ROLLED_BACK', win.status);
      return 'ROLLED_BACK';
    }
    if (win.status === 'BET_NOT_FOUND') {
      // the wallet has no such bet: cancel it for good (a late bet with that id is then refused)
      if (await moveRound(db, id, ['PENDING'], 'ROLLBACK', win.status)) await sendRollback(id, base, ids);
      return 'ROLLED_BACK';
    }
    await noteAttempt(db, id, win.status === 'UNKNOWN' ? win.error : win.status);
    app.log.warn({ round: id, status: win.status }, 'studio: a win is not delivered yet; the settler retries it');
    return 'PENDING';
  }

  async function sendRollback(id: number, base: ReturnType<typeof baseBody>, ids: ReturnType<typeof walletIds>) {
    const r = await wallet.call('rollback', {
      ...base,
      transactionId: ids.rollback,
      referenceTransactionId: ids.bet,
      amount: '0',
    });
    if (r.status === 'OK' || r.status === 'ALREADY_ROLLED_BACK') return moveRound(db, id, ['ROLLBACK'], 'ROLLED_BACK');
    await noteAttempt(db, id, r.status === 'UNKNOWN' ? r.error : r.status);
    return false;
  }

  /**
   * Finishes what the wallet left unanswered (the periodic job "studio-settle"): delivers pending
   * wins, sends pending rollbacks, rolls back bets that never got an answer. Uses a fresh short
   * wallet session of the member (the player's may have ended). Safe to run twice: every call
   * carries the round's own transaction id, and the wallet API answers a repeat with its first answer.
   */
  async function settleUnfinished(limit = 100): Promise<{ settled: number; rolledBack: number; left: number }> {
    const staleBetS = opts.staleBetS ?? 60;
    // a round is PENDING for a moment while its own request delivers the win: leave it that moment
    const rounds = await unfinishedRounds(db, staleBetS, Math.min(5, staleBetS), limit);
    const tokens = new Map<string, string>();
    const tokenFor = async (r: RoundRow) => {
      const key = `${r.memberId}:${r.vendorCode}`;
      let token = tokens.get(key);
      if (!token) {
        token = (
          await issueWalletSession(db, {
            memberId: r.memberId,
            vendorCode: r.vendorCode,
            nodeId: r.nodeId,
            accountType: 1,
            ttlSeconds: 300,
          })
        ).token;
        tokens.set(key, token);
      }
      return token;
    };
    let settled = 0;
    let rolledBack = 0;
    for (const r of rounds) {
      const base = baseBody({ ...r, token: await tokenFor(r) });
      const ids = walletIds(r.walletRoundId);
      if (r.status === 'BETTING' && !(await moveRound(db, r.id, ['BETTING'], 'ROLLBACK', 'no answer to the bet'))) continue;
      if (r.status === 'PENDING') {
        const win = await wallet.call('win', {
          ...base,
          transactionId: ids.win,
          referenceTransactionId: ids.bet,
          amount: r.payout.toString(),
        });
        const result = await finishWin(r.id, base, ids, win);
        if (result === 'SETTLED') settled++;
        else if (result === 'ROLLED_BACK') rolledBack++;
      } else if (await sendRollback(r.id, base, ids)) rolledBack++;
    }
    const left = (await unfinishedRounds(db, staleBetS, Math.min(5, staleBetS), limit)).length;
    return { settled, rolledBack, left };
  }

  async function rotate(s: StudioSession, clientSeed?: string) {
    if (clientSeed !== undefined && !isClientSeed(clientSeed)) {
      throw new ApiError(400, 'BAD_CLIENT_SEED', 'A client seed is 1 to 64 printable characters without spaces');
    }
    const { revealed, active } = await db.tx((q) => rotateSeed(q, s.memberId, s.engine, clientSeed));
    return {
      revealed: {
        serverSeed: revealed.serverSeed,
        serverSeedHash: revealed.serverSeedHash,
        clientSeed: revealed.clientSeed,
        nonce: revealed.nextNonce,
      },
      fairness: fairnessOf(active),
    };
  }

  async function rounds(s: StudioSession, limit: number, before: number | null) {
    return memberRounds(db, s.memberId, s.game.gameCode, limit, before);
  }

  async function round(s: StudioSession, id: number) {
    const r = await roundById(db, id);
    if (!r || r.memberId !== s.memberId || r.status === 'REFUSED') throw new ApiError(404, 'ROUND_NOT_FOUND', 'No such round');
    return r;
  }

  async function demoReset(s: StudioSession) {
    if (s.mode !== 'DEMO') throw new ApiError(409, 'NOT_DEMO', 'Only free-trial play has demo credits');
    return resetDemo(db, s.memberId, DEMO_START);
  }

  return { sessionOf, balance, fairness, play, rotate, rounds, round, demoReset, settleUnfinished };
}

export type Studio = ReturnType<typeof createStudio>;
