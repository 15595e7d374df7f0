// Test helpers of the promotions: an API with the sandbox gateway, members with wallet sessions for
// two seamless vendors of different game types, real deposits (sandbox order + signed callback),
// bets settled through the seamless wallet, and sealed bodies for the passwordCheck calls.
import type { FastifyInstance } from 'fastify';
import { importSealKey, sealWith } from '@khela/api/seal-crypto';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { sandboxCallback, type PayTestApi } from '../payments/payments.test-support';
import { createSeamlessWallet, type SeamlessWallet } from '../wallet/seamless.service';
import { issueWalletSession } from '../wallet/wallet-sessions';

export type PromoTestApi = TestDb & {
  app: FastifyInstance;
  wallet: SeamlessWallet;
  vendors: { code: string; game: string; gameType: string }[];
};

export async function createPromoTestApi(): Promise<PromoTestApi> {
  const t = await createTestApi({ settingsCacheMs: 0, auth: { unsafeTestCrypto: true }, payments: { sandbox: true } });
  const rows = await t.db.query<{ code: string; game: string; game_type: string }>(
    `SELECT DISTINCT ON (g.game_type) v.code, g.game_code AS game, g.game_type
       FROM game_vendors v JOIN games g ON g.vendor_code = v.code AND g.is_game = 'GAME'
      WHERE v.wallet_mode = 'SEAMLESS' ORDER BY g.game_type, v.code, g.node_id`,
  );
  return {
    ...t,
    wallet: createSeamlessWallet(t.db, t.app.ledger),
    vendors: rows.slice(0, 2).map((r) => ({ code: r.code, game: r.game, gameType: r.game_type })),
  };
}

let seq = 0;
export interface PromoMember {
  id: number;
  account: string;
  token: string;
  walletTokens: Record<string, string>;
}

export async function promoMember(t: PromoTestApi, prefix = 'pro'): Promise<PromoMember> {
  const account = `${prefix}${Date.now().toString(36).slice(-4)}${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type: 0 });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  const id = created.body.value.id as number;
  const walletTokens: Record<string, string> = {};
  for (const v of t.vendors) {
    walletTokens[v.code] = (
      await t.db.tx((q) => issueWalletSession(q, { memberId: id, vendorCode: v.code, nodeId: null, accountType: 1 }))
    ).token;
  }
  return { id, account, token: session.body.value.token as string, walletTokens };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON through this helper
export type Answer = { status: number; body: { success: boolean; value: any; errorCode?: string; message: string } };

export async function api(
  t: PromoTestApi,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
): Promise<Answer> {
  const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json() };
}

/** A POST with its body sealed for `path` (the passwordCheck calls). */
export async function sealedPost(t: PromoTestApi, path: string, token: string, body: object): Promise<Answer> {
  const key = await importSealKey((await api(t, 'GET', '/wps/crypto/key')).body.value);
  return api(t, 'POST', path, token, await sealWith(key, path, body));
}

/** A paid deposit through the sandbox gateway (order, then its signed PAID callback). */
export async function paidDeposit(t: PromoTestApi, m: PromoMember, amount: string): Promise<string> {
  const r = await api(t, 'POST', '/wps/payments/deposits', m.token, { channel: 'BKASH', amount });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  const orderNo = r.body.value.orderNo as string;
  const cb = await sandboxCallback(t as unknown as PayTestApi, { orderNo, status: 'PAID', amount });
  if (cb.status !== 200) throw new Error(JSON.stringify(cb.body));
  return orderNo;
}

let betSeq = 0;
/** One bet of `stake` on vendor `vendor`'s game, settled with `payout`: a valid bet of `stake`. */
export async function play(t: PromoTestApi, m: PromoMember, vendor: number, stake: bigint, payout = BigInt(0)) {
  const v = t.vendors[vendor];
  const id = `pt-${Date.now()}-${++betSeq}`;
  const base = { vendor: v.code, token: m.walletTokens[v.code], roundId: `r-${id}`, gameCode: v.game, currency: 'BDT' };
  const bet = await t.wallet.bet({ ...base, transactionId: id, amount: stake.toString() });
  if (bet.status !== 'OK') throw new Error(`bet ${bet.status}`);
  const win = await t.wallet.win({ ...base, transactionId: `${id}-w`, referenceTransactionId: id, amount: payout.toString() });
  if (win.status !== 'OK') throw new Error(`win ${win.status}`);
  return id;
}

/** The vendor rolls back a bet `play` settled (its stake and wins go back; it is no valid bet any more). */
export async function rollbackBet(t: PromoTestApi, m: PromoMember, vendor: number, betId: string) {
  const v = t.vendors[vendor];
  const r = await t.wallet.rollback({
    vendor: v.code,
    token: m.walletTokens[v.code],
    roundId: `r-${betId}`,
    gameCode: v.game,
    currency: 'BDT',
    transactionId: `${betId}-rb`,
    referenceTransactionId: betId,
    amount: '0',
  });
  if (r.status !== 'OK') throw new Error(`rollback ${r.status}`);
}

export const setPaymentPassword = (t: PromoTestApi, m: PromoMember, pw = '246810') =>
  api(t, 'POST', '/wps/payments/payment-password', m.token, { newPassword: pw, confirmPassword: pw });
