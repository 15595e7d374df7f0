// Test helpers of the payments domain: an API with a movable clock and no timers, members with
// sessions, calls with a token, sandbox callbacks signed like the sandbox signs them.
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { signBody } from '../wallet/signature';
import { audit } from '../wallet/ledger';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-gateway';

export type PayTestApi = TestDb & {
  app: FastifyInstance;
  clock: { now: Date; advanceMinutes(m: number): void };
};

export async function createPayTestApi(): Promise<PayTestApi> {
  const clock = {
    now: new Date(),
    advanceMinutes(m: number) {
      clock.now = new Date(clock.now.getTime() + m * 60_000);
    },
  };
  const t = await createTestApi({
    settingsCacheMs: 0,
    auth: { unsafeTestCrypto: true },
    payments: { now: () => clock.now, sandbox: true },
  });
  return { ...t, clock };
}

let seq = 0;
export interface TestMember {
  id: number;
  account: string;
  token: string;
}

export async function memberWithSession(t: PayTestApi, type = 0, prefix = 'pay'): Promise<TestMember> {
  const account = `${prefix}${Date.now().toString(36).slice(-4)}${++seq}`;
  const member = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  if (member.status !== 201) throw new Error(JSON.stringify(member.body));
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: member.body.value.id as number, account, token: session.body.value.token as string };
}

export async function call(
  t: PayTestApi,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { token?: string; body?: unknown; lang?: 'BN' | 'EN'; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    payload: opts.body === undefined ? undefined : (opts.body as object),
    headers: {
      ...(opts.token ? { authorization: opts.token } : {}),
      ...(opts.lang ? { language: opts.lang } : {}),
      ...opts.headers,
    },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON through this one helper
  return { status: res.statusCode, body: res.json() as { success: boolean; value: any; errorCode?: string; message: string } };
}

export async function credit(t: PayTestApi, account: string, poisha: string) {
  const r = await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
    account,
    amount: poisha,
    reason: 'test funds',
    operator: 'tester',
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}

export async function sandboxSecret(t: PayTestApi): Promise<string> {
  return (await t.db.one<{ secret: string }>(`SELECT secret FROM payment_gateways WHERE code = 'SANDBOX'`))!.secret;
}

/** Posts a sandbox notification, signed with `secret` (the real one unless told otherwise). */
export async function sandboxCallback(
  t: PayTestApi,
  note: { orderNo: string; status: 'PAID' | 'FAILED'; amount: string; eventId?: string; txnId?: string },
  secret?: string,
) {
  const body = JSON.stringify({
    currency: 'BDT',
    txnId: 'SBXTEST',
    eventId: `ev-${note.status}-${note.orderNo}`,
    eventTime: new Date().toISOString(),
    ...note,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/payments/callback/SANDBOX',
    payload: body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signBody(secret ?? (await sandboxSecret(t)), body),
    },
  });
  return { status: res.statusCode, body: res.json() };
}

export async function balance(t: PayTestApi, token: string): Promise<string> {
  const res = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: { authorization: token } });
  return res.json().value.wallets[0].balance as string;
}

export async function expectCleanLedger(t: PayTestApi) {
  const report = await audit(t.db);
  if (report.anomalies.length) throw new Error(`ledger anomalies: ${report.anomalies.join('; ')}`);
  return report;
}

export async function setRules(t: PayTestApi, value: Record<string, unknown>) {
  const r = await opsCall(t.app, 'PUT', '/ops/settings/paymentRules', { value });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}
