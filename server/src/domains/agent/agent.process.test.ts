import type { FastifyInstance } from 'fastify';
import { startChild, type Child } from '../../test-support/child-process';
import { createTestApi, opsCall, testEngine, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { windowAt } from './settlement';

/**
 * Exactly-once agent settlement with a real second instance killed mid-settlement (issue 11): a
 * child process (agent.settle-child.ts) settles the same contracts on the same PostgreSQL schema,
 * commits two windows and is SIGKILLed inside the third (its settlement row and payment written, not
 * committed) while this instance settles too, blocked on that window's key until the kill. Every
 * contract ends with one settlement per window and one payment per settlement. PostgreSQL only (two
 * processes can't share an embedded PGlite); settlement.test.ts covers the same in one process.
 */
const onPostgres = testEngine === 'postgres' ? describe : describe.skip;
jest.setTimeout(90_000);

const WINDOW = 60_000;
const NOW = new Date(Math.floor(Date.parse('2026-11-21T08:00:30Z') / WINDOW) * WINDOW + 30_000);
onPostgres('exactly-once agent settlement with a second process killed mid-run', () => {
  let t: TestDb & { app: FastifyInstance };
  let child: Child | null = null;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApi({ agent: { now: () => NOW, realtimeWindowMs: WINDOW } });
  });
  afterAll(async () => {
    child?.dispose();
    await t.dispose();
  });

  async function member(type: number, upline?: string) {
    const account = `sp${Date.now().toString(36).slice(-4)}${++seq}`;
    const r = await opsCall(t.app, 'POST', '/ops/members', { account, type, ...(upline ? { upline } : {}) });
    return { id: r.body.value.id as number, account };
  }

  it('pays every contract once per window when the other instance dies holding a window', async () => {
    const top = await member(1);
    const subs = [await member(2, top.account), await member(2, top.account)];
    const players = await Promise.all(subs.map((s) => member(0, s.account)));
    await t.app.ledger.post({
      key: `sp-fund:${top.id}`,
      kind: 'DEPOSIT',
      memberId: top.id,
      createdBy: 'system',
      legs: [
        { account: { member: top.id }, amount: 1_000_000n },
        { account: { house: 'PAYMENT_CLEARING' }, amount: -1_000_000n },
      ],
    });
    const accepted = new Date(NOW.getTime() - 12 * WINDOW);
    const contracts: number[] = [];
    for (const down of [top, ...subs]) {
      const id =
        down === top
          ? (await opsCall(t.app, 'POST', '/ops/agents/contracts', { agent: top.account, kind: 'REALTIME', rateBp: 200 })).body
              .value.id
          : await (async () => {
              const up = (await opsCall(t.app, 'POST', '/ops/sessions', { account: top.account })).body.value.token;
              const res = await t.app.inject({
                method: 'POST',
                url: '/wps/agent/contracts',
                headers: { authorization: up },
                payload: { downline: down.account, kind: 'REALTIME', rateBp: 100 },
              });
              expect(res.statusCode).toBe(201);
              return res.json().value.id as number;
            })();
      await t.db.query(`UPDATE agent_contracts SET status = 'ACTIVE', accepted_at = $2 WHERE id = $1`, [id, accepted]);
      contracts.push(id);
    }
    for (let m = 12; m >= 1; m--)
      for (const p of players)
        await t.db.query(
          `INSERT INTO bet_records (member_id, vendor_code, game_code, game_type, round_id, bet_transaction_id, wallet, stake, payout,
                                    valid_bet, status, placed_at, settled_at)
           VALUES ($1, 'TESTV', 'G', 'RNG', $2, $2, 'MAIN', $3, 0, $3, 'SETTLED', $4, $4)`,
          [p.id, `sp${++seq}`, 1000 + m * 10, new Date(NOW.getTime() - m * WINDOW + 5000)],
        );

    child = startChild('server/src/domains/agent/agent.settle-child.ts', {
      KHELA_CHILD_DATABASE_URL: t.postgres!.url,
      KHELA_CHILD_SCHEMA: t.postgres!.schema ?? '',
      KHELA_CHILD_NOW: String(NOW.getTime()),
      KHELA_CHILD_WINDOW_MS: String(WINDOW),
      KHELA_CHILD_STOP_AFTER: '3',
    });
    await child.lineOf(/^POSTED 3$/);
    // the child committed two windows and holds the third, uncommitted
    const committed = (await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_settlements WHERE contract_id = ANY($1)',
      [contracts],
    ))!.n;
    expect(committed).toBe(2);

    // this instance settles (it waits on the held window), and the child dies meanwhile
    const settling = t.app.inject({ method: 'POST', url: '/ops/agents/settle', headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(await child.kill()).toBe('SIGKILL');
    const run = (await settling).json().value;
    expect(run.settled).toBe(3 * 12 - 2); // all but the child's two committed windows
    expect((await opsCall(t.app, 'POST', '/ops/agents/settle', {})).body.value.settled).toBe(0);

    for (const id of contracts) {
      const rows = await t.db.query<{ window_start: Date; paid: string; transaction_id: string | null }>(
        'SELECT window_start, paid::text, transaction_id FROM agent_settlements WHERE contract_id = $1 ORDER BY window_start',
        [id],
      );
      expect(rows.map((r) => r.window_start.getTime())).toEqual(
        Array.from({ length: 12 }, (_, i) => windowAt('REALTIME', 'D', accepted, WINDOW).start.getTime() + i * WINDOW),
      );
      // one ledger payment per settlement, the settlement's amount
      const ledger = await t.db.query<{ k: string; s: string }>(
        `SELECT x.idempotency_key AS k, sum(e.amount) FILTER (WHERE e.amount > 0)::text AS s FROM ledger_transactions x
           JOIN ledger_entries e ON e.transaction_id = x.id WHERE x.idempotency_key LIKE $1 GROUP BY x.idempotency_key ORDER BY 1`,
        [`agent:${id}:%`],
      );
      expect(ledger).toHaveLength(rows.length);
      expect(ledger.reduce((s, r) => s + BigInt(r.s), 0n)).toBe(rows.reduce((s, r) => s + BigInt(r.paid), 0n));
      expect(rows.every((r) => r.transaction_id !== null && BigInt(r.paid) > 0n)).toBe(true);
    }
  });
});
