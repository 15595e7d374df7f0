import { opsCall } from '../../test-support/test-db';
import {
  createRecordsTestApi,
  deposit,
  ledgerSum,
  member,
  type RecordsMember,
  type RecordsTestApi,
} from '../records/records.test-support';

jest.setTimeout(120_000);

let t: RecordsTestApi;
beforeAll(async () => {
  t = await createRecordsTestApi();
});
afterAll(() => t.dispose());

async function placed(type: number, upline: string | null): Promise<RecordsMember> {
  const m = await member(t, type, 'tf');
  if (upline) await opsCall(t.app, 'PUT', `/ops/agents/${m.account}/upline`, { upline });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/payments/payment-password',
    headers: { authorization: m.token },
    payload: { newPassword: '482915', confirmPassword: '482915' },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return m;
}
let n = 0;
const send = async (from: RecordsMember, to: RecordsMember, amount: string, opts: { pwd?: string; id?: string } = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/agent/transfer',
    headers: { authorization: from.token },
    payload: { to: to.account, amount, paymentPassword: opts.pwd ?? '482915', requestId: opts.id ?? `req-${Date.now()}-${++n}` },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's JSON
  return { status: res.statusCode, body: res.json() as { value: any; errorCode?: string } };
};

it('an agent pays its team and its upline, a member its upline; nothing else; idempotent; behind the payment password', async () => {
  const top = await placed(1, null);
  const agent = await placed(2, top.account);
  const sub = await placed(2, agent.account);
  const player = await placed(0, sub.account);
  const stranger = await placed(0, null);
  await deposit(t, agent, 10_000n);
  await deposit(t, player, 1_000n);

  // an agent to a member deep in its team, with a retry that moves nothing
  const first = await send(agent, player, '2500', { id: 'transfer-once-1' });
  expect(first).toMatchObject({ status: 200, body: { value: { amount: '2500', balance: '7500', replayed: false } } });
  expect((await send(agent, player, '2500', { id: 'transfer-once-1' })).body.value).toMatchObject({
    replayed: true,
    balance: '7500',
  });
  expect(await ledgerSum(t, player.id)).toBe(3_500n);
  // to its upline; a member to its upline
  expect((await send(agent, top, '500')).status).toBe(200);
  expect((await send(player, sub, '100')).status).toBe(200);
  // refused: a member to anyone but its upline, an agent upward past its upline, strangers, itself
  for (const [from, to] of [
    [player, agent],
    [sub, top],
    [agent, stranger],
    [agent, agent],
  ] as const)
    expect((await send(from, to, '1')).body.errorCode).toBe('NOT_IN_TEAM');
  // the wrong payment password and too little money change nothing
  expect((await send(agent, player, '1', { pwd: '111111' })).body.errorCode).toBe('PAYMENT_PASSWORD_WRONG');
  expect((await send(agent, player, '999999')).body.errorCode).toBe('INSUFFICIENT_FUNDS');
  expect(await ledgerSum(t, agent.id)).toBe(10_000n - 2_500n - 500n);
  expect(await ledgerSum(t, top.id)).toBe(500n);
  expect(await ledgerSum(t, sub.id)).toBe(100n);
});
