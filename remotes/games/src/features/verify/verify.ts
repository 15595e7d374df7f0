import { MoneyFormatError, parseTaka, asciiDigits } from '@khela/api';
import {
  engineOf,
  isClientSeed,
  isServerSeedHash,
  verifyRound as recompute,
  VerifyError,
  webCryptoHmac,
  webCryptoSha256,
  type EngineId,
  type Hmac,
  type Outcome,
  type Sha256,
} from '@khela/games-math';

/** What the verify form holds: text as typed, and the engine's params as its controls set them. */
export interface VerifyForm {
  engine: EngineId;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** taka as typed; empty: no payout is recomputed */
  stake: string;
  params: unknown;
}

export type VerifyField = 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'stake' | 'params';

export interface Verification {
  /** SHA-256 of the server seed, hex */
  computedHash: string;
  /** null when no committed hash was given */
  hashMatches: boolean | null;
  outcome: Outcome;
  payout: bigint | null;
  stake: bigint | null;
  params: unknown;
}

export class VerifyInputError extends Error {
  constructor(readonly fields: Partial<Record<VerifyField, true>>) {
    super(`invalid: ${Object.keys(fields).join(', ')}`);
    this.name = 'VerifyInputError';
  }
}

/** The form's text to numbers, naming every field that is not valid (VerifyInputError). */
function read(form: VerifyForm) {
  const bad: Partial<Record<VerifyField, true>> = {};
  const serverSeed = form.serverSeed.trim().toLowerCase();
  if (!isServerSeedHash(serverSeed)) bad.serverSeed = true; // 64 hex characters, like a hash
  const hash = form.serverSeedHash.trim().toLowerCase();
  if (hash && !isServerSeedHash(hash)) bad.serverSeedHash = true;
  if (!isClientSeed(form.clientSeed)) bad.clientSeed = true;
  const nonceText = asciiDigits(form.nonce.trim());
  const nonce = /^\d{1,10}$/.test(nonceText) ? Number(nonceText) : NaN;
  if (!Number.isSafeInteger(nonce)) bad.nonce = true;
  let stake: bigint | null = null;
  if (form.stake.trim()) {
    try {
      stake = parseTaka(form.stake);
      if (stake < 0n) bad.stake = true;
    } catch (err) {
      if (!(err instanceof MoneyFormatError)) throw err;
      bad.stake = true;
    }
  }
  let params: unknown = form.params;
  try {
    params = engineOf(form.engine).parseParams(form.params);
  } catch {
    bad.params = true;
  }
  return { bad, serverSeed, hash, nonce, stake, params };
}

/**
 * Recomputes a round in the browser with @khela/games-math: SHA-256 of the server seed against
 * the committed hash, and the outcome and payout from the seeds, through WebCrypto.
 */
export async function verifyForm(
  form: VerifyForm,
  crypto: { hmac: Hmac; sha256: Sha256 } = { hmac: webCryptoHmac(), sha256: webCryptoSha256 },
): Promise<Verification> {
  const { bad, serverSeed, hash, nonce, stake, params } = read(form);
  if (Object.keys(bad).length) throw new VerifyInputError(bad);
  try {
    const v = await recompute(crypto.hmac, crypto.sha256, {
      engine: form.engine,
      serverSeed,
      serverSeedHash: hash || undefined,
      clientSeed: form.clientSeed,
      nonce,
      params,
      stake: stake ?? undefined,
    });
    return { computedHash: v.serverSeedHash, hashMatches: v.hashMatches, outcome: v.outcome, payout: v.payout, stake, params };
  } catch (err) {
    if (err instanceof VerifyError) throw new VerifyInputError({ [err.field === 'engine' ? 'params' : err.field]: true });
    throw err;
  }
}

/** Structural equality of two JSON-like values (a recorded outcome against a recomputed one). */
export function sameOutcome(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v as object)
        .sort()
        .map((k) => [k, normalise((v as Record<string, unknown>)[k])]),
    );
  return v;
}
