import { opsCall } from '../../test-support/test-db';
import {
  bet,
  createRecordsTestApi,
  deposit,
  get,
  member,
  rollback,
  win,
  type RecordsTestApi,
} from '../records/records.test-support';

jest.setTimeout(120_000);

let t: RecordsTestApi;
beforeAll(async () => {
  t = await createRecordsTestApi();
});
afterAll(() => t.dispose());

const claim = async (token?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/rebate',
    payload: {},
    headers: token ? { authorization: token } : {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON
  return { status: res.statusCode, body: res.json() as { errorCode?: string; value: any } };
};
const balance = async (id: number) =>
  BigInt(
    (
      await t.db.one<{ b: string }>(
        `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN'`,
        [id],
      )
    )?.b ?? '0',
  );
const rebates = (id: number) =>
  t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = $1 AND kind = 'MANUAL_REBATE'",
    [id],
  );

let betSeq = 0;
async function playedRound(m: Awaited<ReturnType<typeof member>>, vendor: number, stake: bigint) {
  const id = `rb-${Date.now()}-${++betSeq}`;
  await bet(t, m, vendor, id, stake);
  await win(t, m, vendor, id, BigInt(0));
  return id;
}

describe('manual rebate', () => {
  beforeAll(async () => {
    const [a, b] = t.vendors;
    await opsCall(t.app, 'PUT', '/ops/settings/rebateRates', { value: { [a.gameType]: 80, [b.gameType]: 50 } });
  });

  it('guests 401, trial accounts 403, and nothing to claim is refused without a trace', async () => {
    expect((await claim()).status).toBe(401);
    const trial = await member(t, 4);
    expect((await claim(trial.token)).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    const m = await member(t);
    expect((await claim(m.token)).body.errorCode).toBe('REBATE_NOTHING');
    expect(await t.db.query('SELECT 1 FROM rebate_claims WHERE member_id = $1', [m.id])).toEqual([]);
  });

  it('an agent who plays claims its rebate like a player (the agent role is a member with a team)', async () => {
    const agent = await member(t, 1);
    await deposit(t, agent, BigInt(1_000_000));
    await playedRound(agent, 0, BigInt(10_000));
    const paid = await claim(agent.token);
    expect(paid.status).toBe(200);
    expect(await rebates(agent.id)).toEqual([{ n: 1 }]);
    expect((await claim(agent.token)).body.errorCode).toBeDefined();
    expect(await rebates(agent.id)).toEqual([{ n: 1 }]);
  });

  it('pays the rate per game type on the settled valid bets since the last claim, once per period, through the ledger', async () => {
    const m = await member(t);
    await deposit(t, m, BigInt(1_000_000));
    await playedRound(m, 0, BigInt(10_000)); // 1.00% of ৳100 at 80 bp = 80 poisha
    await playedRound(m, 0, BigInt(2_555)); // 80 bp of 2555 = 20.44 → together 12555 * 80 / 10000 = 100
    await playedRound(m, 1, BigInt(30_000)); // 50 bp = 150
    const rolled = `rb-x-${++betSeq}`;
    await bet(t, m, 1, rolled, BigInt(99_999));
    await rollback(t, m, 1, rolled); // rolled back: no valid bet
    const view = await get(t, '/wps/member/rebate', m.token);
    expect(view.body.value.lines).toEqual([
      { gameType: t.vendors[0].gameType, validBet: '12555', rateBp: 80, amount: '100' },
      { gameType: t.vendors[1].gameType, validBet: '30000', rateBp: 50, amount: '150' },
    ]);
    expect(view.body.value).toMatchObject({ total: '250', claimedThisPeriod: false, since: null });
    const before = await balance(m.id);
    const res = await claim(m.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ total: '0', claimedThisPeriod: true, history: [{ amount: '250' }] });
    expect((await balance(m.id)) - before).toBe(BigInt(250));
    // a second claim in the period pays nothing more, even with new bets
    await playedRound(m, 0, BigInt(10_000));
    expect((await get(t, '/wps/member/rebate', m.token)).body.value.total).toBe('80');
    const afterRound = await balance(m.id);
    expect((await claim(m.token)).body.errorCode).toBe('REBATE_ALREADY_CLAIMED');
    expect(await rebates(m.id)).toEqual([{ n: 1 }]);
    expect(await balance(m.id)).toBe(afterRound);
  });

  it('of parallel claims exactly one pays', async () => {
    const m = await member(t);
    await deposit(t, m, BigInt(100_000));
    await playedRound(m, 0, BigInt(50_000));
    const before = await balance(m.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(m.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'REBATE_ALREADY_CLAIMED')).toHaveLength(5);
    expect((await balance(m.id)) - before).toBe(BigInt(400));
    expect(await rebates(m.id)).toEqual([{ n: 1 }]);
  });
});
