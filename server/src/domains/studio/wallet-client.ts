import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, signBody } from '../wallet/signature';
import { currentVendorSecret } from '../wallet/vendor-secrets';

/**
 * The studio's side of the seamless-wallet API: it calls /wallet/v1/* exactly as an outside
 * vendor would (a JSON body signed with the vendor's secret), only in process. A call that gets no
 * definite answer (the wallet failed, timed out, or answered something that is not an answer)
 * resolves as UNKNOWN: the caller must assume the money may or may not have moved.
 */

export type WalletStatus =
  | 'OK'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_SIGNATURE'
  | 'INVALID_TOKEN'
  | 'BET_NOT_FOUND'
  | 'ALREADY_ROLLED_BACK'
  | 'BAD_REQUEST'
  | 'LIMIT_REACHED';

const STATUSES = new Set<string>([
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'BET_NOT_FOUND',
  'ALREADY_ROLLED_BACK',
  'BAD_REQUEST',
  'LIMIT_REACHED',
]);

export type WalletReply = { status: WalletStatus; balance: bigint } | { status: 'UNKNOWN'; error: string };

export type WalletPath = 'balance' | 'bet' | 'win' | 'rollback';

/** Sends one signed call; resolves with the HTTP status and the answer's text. */
export type WalletTransport = (
  path: WalletPath,
  rawBody: string,
  signature: string,
) => Promise<{ statusCode: number; body: string }>;

/** The in-process transport: the app's own /wallet/v1 routes. */
export const injectTransport =
  (app: FastifyInstance): WalletTransport =>
  async (path, rawBody, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: `/wallet/v1/${path}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: rawBody,
    });
    return { statusCode: res.statusCode, body: res.body };
  };

export interface WalletClient {
  call(path: WalletPath, body: { vendor: string; token: string } & Record<string, string>): Promise<WalletReply>;
}

export function createWalletClient(app: FastifyInstance, transport: WalletTransport, timeoutMs = 10_000): WalletClient {
  return {
    async call(path, body) {
      const raw = JSON.stringify(body);
      try {
        const secret = await currentVendorSecret(app.db, body.vendor);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        const res = await Promise.race([transport(path, raw, signBody(secret, raw)), timeout]).finally(() => clearTimeout(timer));
        if (res.statusCode >= 500) return { status: 'UNKNOWN', error: `HTTP ${res.statusCode}` };
        const answer = JSON.parse(res.body) as { status?: unknown; balance?: unknown };
        if (typeof answer.status !== 'string' || !STATUSES.has(answer.status) || typeof answer.balance !== 'string')
          return { status: 'UNKNOWN', error: `not a wallet answer (HTTP ${res.statusCode})` };
        if (!/^\d{1,18}$/.test(answer.balance)) return { status: 'UNKNOWN', error: 'a balance that is not poisha' };
        return { status: answer.status as WalletStatus, balance: BigInt(answer.balance) };
      } catch (err) {
        return { status: 'UNKNOWN', error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
