// Test helpers of the records: an API with a movable clock, members with sessions, and money moved
// the way the platform moves it (deposits and withdrawals through app.ledger, bets, wins and
// rollbacks through the seamless wallet service, as the wallet-API routes do).
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { createSeamlessWallet, type SeamlessWallet } from '../wallet/seamless.service';
import { issueWalletSession } from '../wallet/wallet-sessions';

export type RecordsTestApi = TestDb & {
  app: FastifyInstance;
  clock: { now: Date | null };
  wallet: SeamlessWallet;
  /** two seamless vendors of different game types, with a game each */
  vendors: { code: string; game: string; gameType: string }[];
};

export async function createRecordsTestApi(): Promise<RecordsTestApi> {
  const clock: { now: Date | null } = { now: null };
  const t = await createTestApi({ settingsCacheMs: 0, records: { now: () => clock.now ?? new Date() } });
  const rows = await t.db.query<{ code: string; game: string; game_type: string }>(
    `SELECT DISTINCT ON (g.game_type) v.code, g.game_code AS game, g.game_type
       FROM game_vendors v JOIN games g ON g.vendor_code = v.code AND g.is_game = 'GAME'
      WHERE v.wallet_mode = 'SEAMLESS' ORDER BY g.game_type, v.code, g.node_id`,
  );
  if (rows.length < 2) throw new Error('the seed has no two seamless vendors of different game types');
  return {
    ...t,
    clock,
    wallet: createSeamlessWallet(t.db, t.app.ledger),
    vendors: rows.slice(0, 2).map((r) => ({ code: r.code, game: r.game, gameType: r.game_type })),
  };
}

let seq = 0;
export interface RecordsMember {
  id: number;
  account: string;
  token: string;
  /** a wallet token per vendor of RecordsTestApi.vendors */
  walletTokens: Record<string, string>;
}

export async function member(t: RecordsTestApi, type = 0, prefix = 'rec'): Promise<RecordsMember> {
  const account = `${prefix}${Date.now().toString(36).slice(-4)}${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  const id = created.body.value.id as number;
  const walletTokens: Record<string, string> = {};
  if (type !== 4) {
    for (const v of t.vendors) {
      walletTokens[v.code] = (
        await t.db.tx((q) => issueWalletSession(q, { memberId: id, vendorCode: v.code, nodeId: null, accountType: 1 }))
      ).token;
    }
  }
  return { id, account, token: session.body.value.token as string, walletTokens };
}

let keySeq = 0;
const key = (what: string) => `rec-test:${what}:${Date.now()}:${++keySeq}`;

export const deposit = (t: RecordsTestApi, m: RecordsMember, poisha: bigint) =>
  t.app.ledger.post({
    key: key('dep'),
    kind: 'DEPOSIT',
    memberId: m.id,
    reference: `D${keySeq}`,
    createdBy: 'system',
    legs: [
      { account: { member: m.id }, amount: poisha },
      { account: { house: 'PAYMENT_CLEARING' }, amount: -poisha },
    ],
  });

export const withdraw = (t: RecordsTestApi, m: RecordsMember, poisha: bigint) =>
  t.app.ledger.post({
    key: key('wd'),
    kind: 'WITHDRAWAL',
    memberId: m.id,
    reference: `W${keySeq}`,
    createdBy: `member:${m.id}`,
    legs: [
      { account: { member: m.id }, amount: -poisha },
      { account: { house: 'WITHDRAWALS_PAYABLE' }, amount: poisha },
    ],
  });

export const bet = (t: RecordsTestApi, m: RecordsMember, vendor: number, betId: string, poisha: bigint) => {
  const v = t.vendors[vendor];
  return t.wallet.bet({
    vendor: v.code,
    token: m.walletTokens[v.code],
    transactionId: betId,
    roundId: `r-${betId}`,
    gameCode: v.game,
    amount: poisha.toString(),
    currency: 'BDT',
  });
};

export const win = (t: RecordsTestApi, m: RecordsMember, vendor: number, betId: string, poisha: bigint, txId = key('win')) => {
  const v = t.vendors[vendor];
  return t.wallet.win({
    vendor: v.code,
    token: m.walletTokens[v.code],
    transactionId: txId,
    referenceTransactionId: betId,
    roundId: `r-${betId}`,
    gameCode: v.game,
    amount: poisha.toString(),
    currency: 'BDT',
  });
};

export const rollback = (t: RecordsTestApi, m: RecordsMember, vendor: number, betId: string, txId = key('rb')) => {
  const v = t.vendors[vendor];
  return t.wallet.rollback({
    vendor: v.code,
    token: m.walletTokens[v.code],
    transactionId: txId,
    referenceTransactionId: betId,
    roundId: `r-${betId}`,
    gameCode: v.game,
    amount: '0',
    currency: 'BDT',
  });
};

export async function get(t: RecordsTestApi, url: string, token?: string, lang: 'BN' | 'EN' = 'EN') {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { authorization: token } : {}), language: lang },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON through this one helper
  return { status: res.statusCode, body: res.json() as { success: boolean; value: any; errorCode?: string; message: string } };
}

/** Every page of a paged record call, concatenated. */
export async function allPages(t: RecordsTestApi, url: string, token: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages of whichever record the test reads
  const list: any[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same
  let first: any = null;
  for (let page = 1; ; page++) {
    const r = await get(t, `${url}${url.includes('?') ? '&' : '?'}pageSize=50&page=${page}`, token);
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    first ??= r.body.value;
    list.push(...r.body.value.list);
    if (page >= r.body.value.totalPages) break;
  }
  return { ...first, list };
}

/** The member's ledger movements of the given kinds, summed (poisha). */
export async function ledgerSum(t: RecordsTestApi, memberId: number, kinds?: string[]): Promise<bigint> {
  const row = await t.db.one<{ s: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions x ON x.id = e.transaction_id
      WHERE a.member_id = $1 AND ($2::text[] IS NULL OR x.kind = ANY($2::text[]))`,
    [memberId, kinds ?? null],
  );
  return BigInt(row!.s);
}
