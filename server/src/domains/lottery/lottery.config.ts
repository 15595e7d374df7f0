import type { WalletTransport } from '../studio/wallet-client';
import { resolveLotteryOdds, type LotteryOdds, type PrizeMode } from '@khela/games-math';

/** How the lottery runs (issue 17); every field has a default, and the environment may set them. */
export interface LotteryOptions {
  /** Every lottery game's draw interval, seconds, instead of the catalogue's (a test configuration: env KHELA_LOTTERY_INTERVAL_S). */
  intervalS?: number;
  /** Bets close this many seconds before the draw (default 60, env KHELA_LOTTERY_CLOSE_S; at most half the interval). */
  closeBeforeS?: number;
  /**
   * Payout odds in hundredths of the stake, over env KHELA_LOTTERY_ODDS (JSON): bet types at the top
   * level change the common odds (prize modes LOTT, ZY, ELOTT), a prize mode's object its own, e.g.
   * {"SPECIAL_2D":9500,"ZY":{"LOTTO":1500},"SEA":{"ALL_2D":2800}} (`resolveLotteryOdds`).
   */
  odds?: Partial<LotteryOdds> & Partial<Record<PrizeMode, Partial<LotteryOdds>>>;
  /** How often the settler runs (default 10 s, env KHELA_LOTTERY_SETTLE_MS). */
  settleEveryMs?: number;
  /** The clock (tests inject one). */
  now?: () => number;
  /** Stake per number, poisha (default ৳1 to ৳10,000). */
  minStake?: bigint;
  maxStake?: bigint;
  /** The most one bet may pay, poisha (default ৳1 crore, env KHELA_LOTTERY_MAX_PAYOUT). */
  maxPayout?: bigint;
  /** How the lottery reaches the wallet API (default in process); tests pass failing ones. */
  transport?: WalletTransport;
  /** A bet the wallet never answered is rolled back after this long (default 60 s). */
  staleBetS?: number;
}

export interface LotteryConfig {
  intervalS?: number;
  closeBeforeS: number;
  /** The common odds (LOTT's). */
  odds: LotteryOdds;
  /** Each prize mode's odds. */
  oddsByMode: Record<PrizeMode, LotteryOdds>;
  settleEveryMs: number;
  now: () => number;
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
}

const positive = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

export function resolveLotteryConfig(opts: LotteryOptions = {}, env: NodeJS.ProcessEnv = process.env): LotteryConfig {
  const fromEnv = env.KHELA_LOTTERY_ODDS ? (JSON.parse(env.KHELA_LOTTERY_ODDS) as Record<string, unknown>) : {};
  const oddsByMode = resolveLotteryOdds({ ...fromEnv, ...opts.odds });
  return {
    intervalS: opts.intervalS ?? positive(env.KHELA_LOTTERY_INTERVAL_S),
    closeBeforeS: opts.closeBeforeS ?? positive(env.KHELA_LOTTERY_CLOSE_S) ?? 60,
    odds: oddsByMode.LOTT,
    oddsByMode,
    settleEveryMs: opts.settleEveryMs ?? positive(env.KHELA_LOTTERY_SETTLE_MS) ?? 10_000,
    now: opts.now ?? Date.now,
    minStake: opts.minStake ?? 100n,
    maxStake: opts.maxStake ?? 1_000_000n,
    maxPayout:
      opts.maxPayout ?? (positive(env.KHELA_LOTTERY_MAX_PAYOUT) ? BigInt(env.KHELA_LOTTERY_MAX_PAYOUT!) : 1_000_000_000n),
  };
}

/** When a draw stops taking bets: closeBeforeS before it, at most half an interval. */
export const closeBeforeMs = (config: LotteryConfig, intervalS: number) =>
  Math.min(config.closeBeforeS, Math.floor(intervalS / 2)) * 1000;
