// The work of `npm run bench:reports` (see bench-reports.mjs): seeds a fresh PostgreSQL schema with
// BENCH_BETS bet records over BENCH_MEMBERS members and BENCH_DAYS days, each with its ledger
// movements, then times the member report endpoints over HTTP, and the agent centre's over an agent
// tree on the same members (a top agent whose team is every member, and two of its ten sub-agents).
//
// The seed is written in bulk SQL (the API's own posting path would take hours for a million bets),
// but it writes exactly what that path writes for each bet: a bet record, a BET transaction (member
// main wallet −stake, GAME_REVENUE +stake), a WIN transaction for a settled bet that paid, a ROLLBACK
// transaction (reversing the BET) for a rolled-back bet, each entry with the wallet's balance after
// it, and one DEPOSIT per member before its first bet that covers every stake. The ledger's own
// triggers check every statement (entries balance per transaction), and the ledger audit
// (balanced, no drift, nothing negative) runs after the seed. Not seeded: wallet_transactions (the
// vendors' call log, which no report reads) and wallet sessions.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApi } from '../server/src/app';
import { createDb } from '../server/src/db/db';
import { audit } from '../server/src/domains/wallet/ledger';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const KEEP = process.env.BENCH_KEEP === '1';
const OPS_KEY = 'bench-reports-ops-key';

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const schema = `bench_rep_${randomBytes(4).toString('hex')}`;
  const db = createDb({ databaseUrl: PG_URL, schema, poolSize: 8 });
  const app = await buildApi({ db, opsKey: OPS_KEY, docsUi: false, logger: false, jobs: false });
  try {
    const log = (s: string) => console.log(`  ${s}`);
    log(
      `schema ${schema} on ${PG_URL.replace(/\/\/[^@]*@/, '//')}: seeding ${BETS.toLocaleString('en')} bets, ${MEMBERS} members, ${DAYS} days`,
    );
    let t0 = process.hrtime.bigint();
    const prefix = `br${randomBytes(2).toString('hex')}`;
    await db.query(`INSERT INTO members (account, nickname) SELECT $1 || i, $1 || i FROM generate_series(1, $2::int) AS i`, [
      prefix,
      MEMBERS,
    ]);
    // the seamless vendors' games the bets are spread over (several game types)
    await db.query(`CREATE UNLOGGED TABLE bench_games AS
      SELECT row_number() OVER (ORDER BY g.node_id) - 1 AS n, g.node_id, g.game_code, g.game_type, g.vendor_code
        FROM games g JOIN game_vendors v ON v.code = g.vendor_code
       WHERE v.wallet_mode = 'SEAMLESS' AND g.is_game = 'GAME'`);
    // one row per bet: the member (skewed: a few members play a lot, as in life), the game, the time,
    // the stake and the outcome
    await db.query(
      `CREATE UNLOGGED TABLE bench_bets AS
       WITH raw AS (
         SELECT i, 1 + floor($2::int * power(random(), 2))::int AS k, random() AS rg, random() AS rt, random() AS rs, random() AS ro, random() AS rp
           FROM generate_series(1, $1::int) AS i)
       SELECT r.i, m.id AS member_id, g.node_id, g.game_code, g.game_type, g.vendor_code,
              now() - (r.rt * $3::int * interval '1 day') - interval '1 minute' AS placed_at,
              (ARRAY[100, 500, 1000, 2000, 5000, 10000])[1 + floor(r.rs * 6)::int]::bigint AS stake,
              CASE WHEN r.ro < 0.02 THEN 'ROLLED_BACK' WHEN r.ro < 0.04 AND r.rt < 0.01 THEN 'OPEN' ELSE 'SETTLED' END AS status,
              r.rp
         FROM raw r
         JOIN members m ON m.account = $4 || r.k
         JOIN bench_games g ON g.n = floor(r.rg * (SELECT count(*) FROM bench_games))::int`,
      [BETS, MEMBERS, DAYS, prefix],
    );
    await db.query(`ALTER TABLE bench_bets ADD COLUMN payout bigint`);
    await db.query(
      `UPDATE bench_bets SET payout = CASE WHEN status <> 'SETTLED' OR rp < 0.55 THEN 0 ELSE (stake * (rp - 0.55) * 4.4)::bigint END`,
    );
    log(`bets drawn in ${(ms(t0) / 1000).toFixed(1)} s`);

    t0 = process.hrtime.bigint();
    await db.query(
      `INSERT INTO bet_records (member_id, vendor_code, node_id, game_code, game_type, round_id, bet_transaction_id, wallet,
                                stake, payout, valid_bet, status, placed_at, settled_at, updated_at)
       SELECT member_id, vendor_code, node_id, game_code, game_type, 'br-' || i, 'bench-' || i, 'MAIN', stake, payout,
              CASE WHEN status = 'SETTLED' THEN stake ELSE 0 END, status, placed_at,
              CASE WHEN status = 'OPEN' THEN NULL ELSE placed_at + interval '10 seconds' END, placed_at + interval '10 seconds'
         FROM bench_bets ORDER BY placed_at`,
    );
    log(`bet_records written in ${(ms(t0) / 1000).toFixed(1)} s`);

    // the ledger movements, in time order, each with its transaction id decided up front
    t0 = process.hrtime.bigint();
    await db.query(`CREATE UNLOGGED TABLE bench_moves AS
      WITH m AS (
        SELECT member_id, 'DEPOSIT' AS kind, 'bench-dep-' || member_id AS key, sum(stake) + 100000 AS amount,
               min(placed_at) - interval '1 hour' AS at, 'PAYMENT_CLEARING' AS house, NULL::bigint AS bet
          FROM bench_bets GROUP BY member_id
        UNION ALL
        SELECT member_id, 'BET', 'wallet:' || vendor_code || ':bench-' || i, -stake, placed_at, 'GAME_REVENUE', i FROM bench_bets
        UNION ALL
        SELECT member_id, 'WIN', 'wallet:' || vendor_code || ':bench-win-' || i, payout, placed_at + interval '5 seconds', 'GAME_REVENUE', i
          FROM bench_bets WHERE payout > 0
        UNION ALL
        SELECT member_id, 'ROLLBACK', 'wallet:' || vendor_code || ':bench-rb-' || i, stake, placed_at + interval '10 seconds', 'GAME_REVENUE', i
          FROM bench_bets WHERE status = 'ROLLED_BACK')
      SELECT (SELECT coalesce(max(id), 0) FROM ledger_transactions) + row_number() OVER (ORDER BY at, key) AS tx_id,
             m.*, sum(amount) OVER (PARTITION BY member_id ORDER BY at, key) AS balance_after
        FROM m`);
    await db.query(`CREATE INDEX ON bench_moves (bet, kind)`);
    await db.query(
      `INSERT INTO ledger_transactions (id, idempotency_key, kind, member_id, reference, reverses_id, created_by, fingerprint, meta, created_at)
       SELECT mv.tx_id, mv.key, mv.kind, mv.member_id, CASE WHEN mv.bet IS NULL THEN 'D' || mv.member_id ELSE 'bench-' || mv.bet END,
              CASE WHEN mv.kind = 'ROLLBACK' THEN (SELECT b.tx_id FROM bench_moves b WHERE b.bet = mv.bet AND b.kind = 'BET') END,
              CASE WHEN mv.kind = 'DEPOSIT' THEN 'system' ELSE 'vendor:bench' END, md5(mv.key), NULL, mv.at
         FROM bench_moves mv ORDER BY mv.tx_id`,
    );
    await db.query(
      `SELECT setval(pg_get_serial_sequence('ledger_transactions', 'id'), (SELECT max(id) FROM ledger_transactions))`,
    );
    log(`ledger_transactions written in ${(ms(t0) / 1000).toFixed(1)} s`);

    t0 = process.hrtime.bigint();
    await db.query(
      `INSERT INTO ledger_accounts (kind, member_id, balance)
       SELECT 'MEMBER_MAIN', member_id, sum(amount) FROM bench_moves GROUP BY member_id`,
    );
    await db.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       SELECT x.tx_id, x.account_id, x.amount, x.balance_after, x.at FROM (
         SELECT mv.tx_id, 0 AS leg, a.id AS account_id, mv.amount, mv.balance_after, mv.at
           FROM bench_moves mv JOIN ledger_accounts a ON a.member_id = mv.member_id AND a.kind = 'MEMBER_MAIN'
         UNION ALL
         SELECT mv.tx_id, 1, h.id, -mv.amount, NULL, mv.at
           FROM bench_moves mv JOIN ledger_accounts h ON h.house_code = mv.house) x
        ORDER BY x.tx_id, x.leg`,
    );
    log(`ledger_entries written in ${(ms(t0) / 1000).toFixed(1)} s`);
    await db.query(`DROP TABLE bench_bets`);
    await db.query(`DROP TABLE bench_moves`);
    await db.query(`DROP TABLE bench_games`);
    t0 = process.hrtime.bigint();
    await db.query(`VACUUM ANALYZE bet_records`);
    await db.query(`VACUUM ANALYZE ledger_entries`);
    await db.query(`VACUUM ANALYZE ledger_transactions`);
    await db.query(`VACUUM ANALYZE ledger_accounts`);
    log(`vacuum analyze in ${(ms(t0) / 1000).toFixed(1)} s`);
    const counts = await db.one<{ bets: number; tx: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM bet_records) AS bets, (SELECT count(*)::int FROM ledger_transactions) AS tx,
              (SELECT count(*)::int FROM ledger_entries) AS entries`,
    );
    t0 = process.hrtime.bigint();
    const report = await audit(db);
    log(
      `seeded: ${counts!.bets.toLocaleString('en')} bet records, ${counts!.tx.toLocaleString('en')} ledger transactions, ` +
        `${counts!.entries.toLocaleString('en')} entries; ledger audit ${report.anomalies.length ? `ANOMALIES: ${report.anomalies.join('; ')}` : 'clean'} (${(ms(t0) / 1000).toFixed(1)} s)`,
    );

    // the members who read their records: the busiest few and a spread of the others
    const members = await db.query<{ account: string; bets: number }>(
      `SELECT m.account, count(b.id)::int AS bets FROM members m JOIN bet_records b ON b.member_id = m.id
        WHERE m.account LIKE $1 || '%' GROUP BY m.account ORDER BY count(b.id) DESC`,
      [prefix],
    );
    const busiest = members.slice(0, 5);
    const spread = Array.from({ length: 60 }, (_, i) => members[Math.floor((i * members.length) / 60)]);
    log(
      `bets per member: busiest ${busiest[0].bets.toLocaleString('en')}, median ${members[Math.floor(members.length / 2)].bets}, ` +
        `least ${members[members.length - 1].bets}`,
    );
    // the agent tree over the same members: a top agent whose team is everyone (ten sub-agents, each
    // with a tenth of the players), so its reports read every bet; a sub-agent reads a tenth of them
    const [top, ...subs] = await db.query<{ id: number; account: string }>(
      `SELECT id::int, account FROM members WHERE account LIKE $1 || '%' ORDER BY id LIMIT 11`,
      [prefix],
    );
    await db.query(`UPDATE members SET type = 1 WHERE id = ANY($1::bigint[])`, [[top.id, ...subs.map((a) => a.id)]]);
    await db.query(`UPDATE members SET parent_agent_id = $1 WHERE id = ANY($2::bigint[])`, [top.id, subs.map((a) => a.id)]);
    await db.query(
      `UPDATE members m SET parent_agent_id = ($2::bigint[])[1 + (m.id % 10)::int]
        WHERE m.account LIKE $1 || '%' AND m.id > $3`,
      [prefix, subs.map((a) => a.id), subs[subs.length - 1].id],
    );
    await db.query(`ANALYZE members`);
    const agents = [top.account, subs[0].account, subs[5].account];
    log(
      `agents: ${top.account} (team of ${MEMBERS - 1}), ${subs[0].account} and ${subs[5].account} (about ${Math.round(MEMBERS / 10)} each)`,
    );

    const tokens = new Map<string, string>();
    for (const m of [...busiest, ...spread, ...agents.map((account) => ({ account }))]) {
      if (tokens.has(m.account)) continue;
      const res = await app.inject({
        method: 'POST',
        url: '/ops/sessions',
        headers: { 'x-ops-key': OPS_KEY },
        payload: { account: m.account },
      });
      tokens.set(m.account, res.json().value.token);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const types = (await db.query<{ game_type: string }>(`SELECT DISTINCT game_type FROM bet_records`)).map((r) => r.game_type);
    const vendors = (await db.query<{ vendor_code: string }>(`SELECT DISTINCT vendor_code FROM bet_records`)).map(
      (r) => r.vendor_code,
    );
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
    const today = new Date(Date.now() + 6 * 3600_000);
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const range = () =>
      pick([
        'range=TODAY',
        'range=YESTERDAY',
        'range=LAST_7_DAYS',
        'range=LAST_7_DAYS',
        'range=LAST_30_DAYS',
        `range=CUSTOM&from=${day(89)}&to=${day(0)}`,
        `range=CUSTOM&from=${day(60)}&to=${day(45)}`,
      ]);
    const filters: Record<string, () => string> = {
      bets: () =>
        `${range()}${Math.random() < 0.3 ? `&gameType=${pick(types)}` : ''}${Math.random() < 0.2 ? `&vendor=${pick(vendors)}` : ''}` +
        `&page=${pick([1, 1, 1, 2, 5])}&pageSize=${pick([20, 20, 50])}`,
      transactions: () =>
        `${range()}${Math.random() < 0.3 ? `&type=${pick(['BET', 'WIN', 'DEPOSIT', 'ROLLBACK'])}` : ''}&page=${pick([1, 1, 2, 5])}`,
      profit: () =>
        `${range()}&groupBy=${pick(['DAY', 'WEEK', 'MONTH', 'GAME_TYPE'])}${Math.random() < 0.2 ? `&gameType=${pick(types)}` : ''}`,
    };
    const call = async (path: string, token: string) => {
      const t = process.hrtime.bigint();
      const res = await fetch(`${base}${path}`, { headers: { authorization: token, language: 'EN' } });
      const body = await res.text();
      const took = ms(t);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      return took;
    };
    console.log(`\n  member report endpoints over HTTP, one client, ${REQUESTS} requests each (after 20 warm-up requests):`);
    const results: Record<string, { all: number[]; busiest: number[] }> = {};
    for (const [name, filter] of Object.entries(filters)) {
      const path = `/wps/records/${name}`;
      for (let i = 0; i < 20; i++) await call(`${path}?${filter()}`, tokens.get(pick(spread).account)!);
      const all: number[] = [];
      const heavy: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        // a third of the reads by the five busiest members (thousands of bets each), the rest by anyone
        const busy = i % 3 === 0;
        const m = busy ? pick(busiest) : pick(spread);
        const took = await call(`${path}?${filter()}`, tokens.get(m.account)!);
        all.push(took);
        if (busy) heavy.push(took);
      }
      results[name] = { all, busiest: heavy };
      console.log(
        `    GET ${path.padEnd(26)} p50 ${pct(all, 50).toFixed(1).padStart(6)} ms   p95 ${pct(all, 95).toFixed(1).padStart(6)} ms   ` +
          `max ${Math.max(...all)
            .toFixed(1)
            .padStart(6)} ms   (busiest members: p95 ${pct(heavy, 95).toFixed(1)} ms)`,
      );
    }
    // the agent centre's reports over the team: the top agent (every bet) for a third of the reads
    const agentFilters: Record<string, () => string> = {
      overview: () => range(),
      bets: () => `${range()}&page=${pick([1, 1, 1, 2, 5])}&pageSize=${pick([20, 20, 50])}`,
      profit: () => `${range()}&page=${pick([1, 1, 2])}&pageSize=20`,
    };
    console.log(`\n  agent report endpoints over HTTP, one client, ${REQUESTS} requests each (after 20 warm-up requests):`);
    for (const [name, filter] of Object.entries(agentFilters)) {
      const path = `/wps/agent/${name}`;
      for (let i = 0; i < 20; i++) await call(`${path}?${filter()}`, tokens.get(pick(agents))!);
      const all: number[] = [];
      const heavy: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const busy = i % 3 === 0;
        const took = await call(`${path}?${filter()}`, tokens.get(busy ? top.account : pick(agents.slice(1)))!);
        all.push(took);
        if (busy) heavy.push(took);
      }
      results[`agent ${name}`] = { all, busiest: heavy };
      console.log(
        `    GET ${path.padEnd(26)} p50 ${pct(all, 50).toFixed(1).padStart(6)} ms   p95 ${pct(all, 95).toFixed(1).padStart(6)} ms   ` +
          `max ${Math.max(...all)
            .toFixed(1)
            .padStart(6)} ms   (the top agent: p95 ${pct(heavy, 95).toFixed(1)} ms)`,
      );
    }
    const worst = Math.max(...Object.values(results).map((r) => pct(r.all, 95)));
    console.log(
      `\n  target: p95 <= 200 ms per endpoint — ${worst <= 200 ? 'met' : 'NOT met'} (worst p95 ${worst.toFixed(1)} ms)`,
    );
    process.exitCode = worst <= 200 && !report.anomalies.length ? 0 : 1;
  } finally {
    await app.close();
    if (!KEEP) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    else console.log(`  kept schema ${schema}`);
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
