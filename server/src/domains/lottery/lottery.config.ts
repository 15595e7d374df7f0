import type { WalletTransport } from '../studio/wallet-client';
import { DEFAULT_LOTTERY_ODDS, LOTTERY_BET_TYPES, type LotteryOdds } from '@khela/games-math';

/** How the lottery runs (issue 17); every field has a default, and the environment may set them. */
export interface LotteryOptions {
  /** Every lottery game's draw interval, seconds, instead of the catalogue's (a test configuration: env KHELA_LOTTERY_INTERVAL_S). */
  intervalS?: number;
  /** Bets close this many seconds before the draw (default 60, env KHELA_LOTTERY_CLOSE_S; at most half the interval). */
  closeBeforeS?: number;
  /** Payout odds in hundredths of the stake (env KHELA_LOTTERY_ODDS as JSON, e.g. {"SPECIAL_2D":9000}). */
  odds?: Partial<LotteryOdds>;
  /** How often the settler runs (default 10 s, env KHELA_LOTTERY_SETTLE_MS). */
  settleEveryMs?: number;
  /** The clock (tests inject one). */
  now?: () => number;
  /** Stake per number, poisha (default ৳1 to ৳10,000). */
  minStake?: bigint;
  maxStake?: bigint;
  /** How the lottery reaches the wallet API (default in process); tests pass failing ones. */
  transport?: WalletTransport;
  /** A bet the wallet never answered is rolled back after this long (default 60 s). */
  staleBetS?: number;
}

export interface LotteryConfig {
  intervalS?: number;
  closeBeforeS: number;
  odds: LotteryOdds;
  settleEveryMs: number;
  now: () => number;
  minStake: bigint;
  maxStake: bigint;
}

const positive = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

function envOdds(raw: string | undefined): Partial<LotteryOdds> {
  if (!raw) return {};
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  const odds: Partial<LotteryOdds> = {};
  for (const t of LOTTERY_BET_TYPES) {
    const v = parsed[t];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || (v as number) <= 0)
      throw new Error(`KHELA_LOTTERY_ODDS.${t} must be a positive whole number of hundredths`);
    odds[t] = v as number;
  }
  return odds;
}

export function resolveLotteryConfig(opts: LotteryOptions = {}, env: NodeJS.ProcessEnv = process.env): LotteryConfig {
  return {
    intervalS: opts.intervalS ?? positive(env.KHELA_LOTTERY_INTERVAL_S),
    closeBeforeS: opts.closeBeforeS ?? positive(env.KHELA_LOTTERY_CLOSE_S) ?? 60,
    odds: { ...DEFAULT_LOTTERY_ODDS, ...envOdds(env.KHELA_LOTTERY_ODDS), ...opts.odds },
    settleEveryMs: opts.settleEveryMs ?? positive(env.KHELA_LOTTERY_SETTLE_MS) ?? 10_000,
    now: opts.now ?? Date.now,
    minStake: opts.minStake ?? 100n,
    maxStake: opts.maxStake ?? 1_000_000n,
  };
}

/** When a draw stops taking bets: closeBeforeS before it, at most half an interval. */
export const closeBeforeMs = (config: LotteryConfig, intervalS: number) =>
  Math.min(config.closeBeforeS, Math.floor(intervalS / 2)) * 1000;
