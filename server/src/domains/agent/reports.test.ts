// The agent's reports reconcile with the bet records and the ledger: a team of two levels plays
// (real bets, wins and a rollback through the seamless wallet), deposits and withdraws; every
// figure of team overview, team betting, user loss and team management is the sum of its parts.
import { opsCall } from '../../test-support/test-db';
import {
  bet,
  createRecordsTestApi,
  deposit,
  get,
  allPages,
  member,
  rollback,
  win,
  withdraw,
  type RecordsMember,
  type RecordsTestApi,
} from '../records/records.test-support';

jest.setTimeout(120_000);

let t: RecordsTestApi;
beforeAll(async () => {
  t = await createRecordsTestApi();
});
afterAll(() => t.dispose());

let seq = 0;
async function inTeam(upline: string | null, type: number): Promise<RecordsMember> {
  const m = await member(t, type, 'rp');
  if (upline) {
    const r = await opsCall(t.app, 'PUT', '/ops/agents/' + m.account + '/upline', { upline });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  return m;
}

it('team overview, team betting, user loss and team management add up to the bet records and the ledger', async () => {
  const top = await inTeam(null, 1);
  const sub = await inTeam(top.account, 2);
  const p1 = await inTeam(top.account, 0);
  const p2 = await inTeam(sub.account, 0);
  const outsider = await inTeam(null, 0);
  for (const p of [p1, p2, outsider]) await deposit(t, p, 50_000n);
  await withdraw(t, p2, 7_000n);
  await bet(t, p1, 0, `rp-${++seq}`, 1_000n);
  await win(t, p1, 0, `rp-${seq}`, 2_500n);
  await bet(t, p2, 1, `rp-${++seq}`, 3_000n);
  await win(t, p2, 1, `rp-${seq}`, 0n);
  await bet(t, p2, 0, `rp-${++seq}`, 4_000n); // rolled back: neither valid bet nor profit
  await rollback(t, p2, 0, `rp-${seq}`);
  await bet(t, p2, 0, `rp-${++seq}`, 500n); // open
  await bet(t, outsider, 0, `rp-${++seq}`, 9_999n);

  const overview = (await get(t, '/wps/agent/overview', top.token)).body.value;
  expect(overview).toMatchObject({
    members: 3,
    agents: 1,
    newMembers: 3,
    activeMembers: 2,
    deposits: '100000',
    withdrawals: '7000',
    validBet: '4000', // 1,000 + 3,000 (an open bet's valid bet counts once it is settled)
    profit: String(2_500 - 1_000 + (0 - 3_000)),
  });

  const bets = await allPages(t, '/wps/agent/bets', top.token);
  expect(bets.total).toBe(4);
  expect(bets.list.every((b: { account: string }) => [p1.account, p2.account].includes(b.account))).toBe(true);
  expect(bets.totals).toMatchObject({ validBet: overview.validBet, profit: overview.profit, count: 4 });
  const fromRecords = await t.db.one<{ v: string }>(
    `SELECT sum(valid_bet)::text AS v FROM bet_records WHERE member_id = ANY($1::bigint[]) AND status <> 'ROLLED_BACK'`,
    [[p1.id, p2.id]],
  );
  expect(bets.totals.validBet).toBe(fromRecords!.v);
  // the sub-agent sees its own team only
  const subBets = await allPages(t, '/wps/agent/bets', sub.token);
  expect(subBets.list.map((b: { account: string }) => b.account)).toEqual([p2.account, p2.account, p2.account]);

  const loss = await allPages(t, '/wps/agent/profit', top.token);
  expect(loss.list.map((m: { account: string; profit: string }) => [m.account, m.profit])).toEqual([
    [p2.account, '-3000'],
    [p1.account, '1500'],
  ]);
  expect(loss.totals.profit).toBe(overview.profit);
  // the totals are the same on any page, and on a page past the last member (no row to carry them)
  const first = (await get(t, '/wps/agent/profit?pageSize=10&page=1', top.token)).body.value;
  const past = (await get(t, '/wps/agent/profit?pageSize=10&page=3', top.token)).body.value;
  expect(past.list).toEqual([]);
  expect(past.totals).toEqual(first.totals);
  expect(past.total).toBe(2);
  expect(first.totals).toEqual(loss.totals);

  const team = (await get(t, '/wps/agent/team', top.token)).body.value;
  expect(team.list.map((m: { account: string }) => m.account).sort()).toEqual([sub.account, p1.account].sort());
  const p1Row = team.list.find((m: { account: string }) => m.account === p1.account);
  const bal = await t.db.one<{ b: string }>(
    `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN'`,
    [p1.id],
  );
  expect(p1Row.balance).toBe(bal!.b);
  // drill-down and search
  const below = (await get(t, `/wps/agent/team?parent=${sub.id}`, top.token)).body.value;
  expect(below.list.map((m: { account: string }) => m.account)).toEqual([p2.account]);
  const found = (await get(t, `/wps/agent/team?search=${p2.account.slice(2)}`, top.token)).body.value;
  expect(found.list.map((m: { account: string }) => m.account)).toEqual([p2.account]);
  // outside the team: refused, and the outsider never appears
  expect((await get(t, `/wps/agent/team?parent=${outsider.id}`, top.token)).body.errorCode).toBe('NOT_IN_TEAM');
  expect((await get(t, `/wps/agent/team?parent=${top.id}`, sub.token)).body.errorCode).toBe('NOT_IN_TEAM');
  // a player is not an agent
  expect((await get(t, '/wps/agent/overview', p1.token)).body.errorCode).toBe('NOT_AGENT');
  // a bad range is a translated refusal
  expect((await get(t, '/wps/agent/bets?range=CUSTOM&from=2026-02-30&to=2026-03-01', top.token)).body.errorCode).toBe(
    'RANGE_INVALID',
  );
});
