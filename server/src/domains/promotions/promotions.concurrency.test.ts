// Exactly once under concurrency (run on PostgreSQL: KHELA_TEST_ENGINE=postgres): 100 parallel claims
// of one reward pay once; 100 parallel redeems of the last 10 items succeed exactly 10 times; red
// envelopes pay once per member and never above their budget.
import { PROMOTION_PATHS as P, RAFFLE_PATHS as RF, RED_ENVELOPE_PATHS as R } from '@khela/api/promotions';
import { audit, balanceOf } from '../wallet/ledger';
import { opsCall } from '../../test-support/test-db';
import {
  api,
  createPromoTestApi,
  play,
  promoMember,
  rollbackBet,
  sealedPost,
  setPaymentPassword,
  type PromoTestApi,
} from './promotions.test-support';

jest.setTimeout(180_000);

let t: PromoTestApi;
beforeAll(async () => {
  t = await createPromoTestApi();
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

it('100 parallel claims of one reward pay once', async () => {
  const created = await opsCall(t.app, 'POST', '/ops/promotions', {
    code: `CONC_${Date.now().toString(36).toUpperCase()}`,
    category: 'others',
    titleBn: 'সমান্তরাল',
    titleEn: 'Parallel',
    contentBn: '',
    contentEn: '',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    kind: 'FIXED',
    fixedAmount: '7000',
    wageringMultiplier: 1,
    contribution: { [t.vendors[0].gameType]: 100 },
  });
  const id = Number(created.body.value.id);
  const m = await promoMember(t);
  await api(t, 'POST', P.join, m.token, { id });
  expect((await api(t, 'POST', P.claim, m.token, { id })).body.value.status).toBe('ISSUED');
  await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
    account: m.account,
    amount: '100000',
    reason: 'test',
    operator: 'tester',
  });
  await play(t, m, 0, BigInt(7000));
  const bonusId = (await api(t, 'GET', `${P.rewardCentre}?lang=EN`, m.token)).body.value.claimable[0].id;
  const cash = await balanceOf(t.db, m.id);

  const results = await Promise.all(Array.from({ length: 100 }, () => api(t, 'POST', P.claimReward, m.token, { id: bonusId })));
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(results.filter((r) => r.status !== 200).every((r) => r.body.errorCode === 'ALREADY_CLAIMED')).toBe(true);
  expect(await balanceOf(t.db, m.id)).toBe(cash + BigInt(7000));
  expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(0));
});

it('100 parallel redeems of the last 10 items succeed exactly 10 times; stock never below zero', async () => {
  await opsCall(t.app, 'PUT', '/ops/points/settings', { poishaPerPoint: '100' });
  const reward = await opsCall(t.app, 'POST', '/ops/points/rewards', {
    titleBn: 'শেষ দশ',
    titleEn: 'Last ten',
    points: '10',
    stock: 10,
  });
  const rewardId = Number(reward.body.value.id);
  const members = await Promise.all(Array.from({ length: 4 }, () => promoMember(t)));
  for (const m of members) {
    await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
      account: m.account,
      amount: '100000',
      reason: 'test',
      operator: 'tester',
    });
    await play(t, m, 0, BigInt(100000)); // 1000 points
    await setPaymentPassword(t, m);
  }
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      sealedPost(t, P.redeem, members[i % 4].token, {
        rewardId,
        quantity: 1,
        requestKey: `conc-redeem-${i}-${Date.now()}`,
        paymentPassword: '246810',
      }),
    ),
  );
  expect(results.filter((r) => r.status === 201)).toHaveLength(10);
  expect(results.filter((r) => r.status !== 201).every((r) => r.body.errorCode === 'OUT_OF_STOCK')).toBe(true);
  expect((await t.db.one<{ stock: number }>(`SELECT stock FROM point_rewards WHERE id = $1`, [rewardId]))!.stock).toBe(0);
  const spent = await t.db.one<{ n: string }>(
    `SELECT coalesce(sum(-delta), 0)::text AS n FROM point_entries WHERE kind = 'REDEEM' AND reference IN
       (SELECT 'R' || id FROM point_redemptions WHERE reward_id = $1)`,
    [rewardId],
  );
  expect(spent!.n).toBe('100');
});

it('parallel red-envelope claims: one per member, the budget never exceeded', async () => {
  const created = await opsCall(t.app, 'POST', '/ops/red-envelopes', {
    titleBn: 'লাল খাম',
    titleEn: 'Rush',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    minAmount: '100',
    maxAmount: '300',
    budget: '2000',
    operator: 'tester',
  });
  const id = Number(created.body.value.id);
  const members = await Promise.all(Array.from({ length: 20 }, () => promoMember(t)));
  const same = await Promise.all(Array.from({ length: 20 }, () => api(t, 'POST', R.claim, members[0].token, { id })));
  expect(same.filter((r) => r.status === 200)).toHaveLength(1);
  const rush = await Promise.all(members.slice(1).map((m) => api(t, 'POST', R.claim, m.token, { id })));
  expect(rush.every((r) => r.status === 200 || r.body.errorCode === 'RED_ENVELOPE_EMPTY')).toBe(true);
  const row = await t.db.one<{ paid: string; remaining: string }>(
    `SELECT (SELECT coalesce(sum(amount), 0)::text FROM red_envelope_claims WHERE envelope_id = $1) AS paid, remaining::text
       FROM red_envelopes WHERE id = $1`,
    [id],
  );
  expect(BigInt(row!.paid) + BigInt(row!.remaining)).toBe(BigInt(2000));
  expect(BigInt(row!.remaining) < BigInt(100)).toBe(true);
});

it('two bonuses applied for at once: one is issued, the other refused (one bonus under wagering at a time)', async () => {
  const make = async (n: number) =>
    Number(
      (
        await opsCall(t.app, 'POST', '/ops/promotions', {
          code: `TWIN${n}_${Date.now().toString(36).toUpperCase()}`,
          category: 'others',
          titleBn: 'যুগল',
          titleEn: 'Twin',
          contentBn: '',
          contentEn: '',
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          kind: 'FIXED',
          fixedAmount: '5000',
          wageringMultiplier: 2,
          contribution: { [t.vendors[0].gameType]: 100 },
        })
      ).body.value.id,
    );
  const ids = [await make(1), await make(2)];
  for (let round = 0; round < 3; round++) {
    const m = await promoMember(t);
    for (const id of ids) await api(t, 'POST', P.join, m.token, { id });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api(t, 'POST', P.claim, m.token, { id: ids[i % 2] })));
    expect(results.filter((r) => r.status === 200 && r.body.value.status === 'ISSUED')).toHaveLength(1);
    expect(
      results.filter((r) => r.status !== 200).every((r) => ['BONUS_IN_PROGRESS', 'NOT_JOINED'].includes(r.body.errorCode!)),
    ).toBe(true);
    expect(results.some((r) => r.body.errorCode === 'BONUS_IN_PROGRESS')).toBe(true);
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(5000));
    const wagering = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM promotion_participations WHERE member_id = $1 AND status IN ('APPLYING', 'ISSUED')`,
      [m.id],
    );
    expect(wagering!.n).toBe(1);
  }
});

it('parallel reads after a rollback take its points back once', async () => {
  await opsCall(t.app, 'PUT', '/ops/points/settings', { poishaPerPoint: '100' });
  const m = await promoMember(t);
  await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
    account: m.account,
    amount: '100000',
    reason: 'test',
    operator: 'tester',
  });
  await play(t, m, 0, BigInt(300));
  const rolled = await play(t, m, 0, BigInt(5000));
  expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('53');
  await rollbackBet(t, m, 0, rolled);
  const reads = await Promise.all(Array.from({ length: 30 }, () => api(t, 'GET', P.pointBalance, m.token)));
  expect(reads.every((r) => r.body.value.points === '3')).toBe(true);
  const reversals = await t.db.query<{ delta: string }>(
    `SELECT delta::text FROM point_entries WHERE member_id = $1 AND kind = 'REVERSE'`,
    [m.id],
  );
  expect(reversals).toEqual([{ delta: '-50' }]);
});

it('parallel draws of a raffle draw it once and pay each prize once', async () => {
  const created = await opsCall(t.app, 'POST', '/ops/raffles', {
    titleBn: 'ড্র',
    titleEn: 'Parallel draw',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    poishaPerTicket: '100',
    maxTickets: 10,
    prizes: ['3000', '1000'],
    operator: 'tester',
  });
  const id = Number(created.body.value.id);
  const members = await Promise.all(Array.from({ length: 3 }, () => promoMember(t)));
  for (const m of members) {
    await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
      account: m.account,
      amount: '10000',
      reason: 'test',
      operator: 'tester',
    });
    await play(t, m, 0, BigInt(500));
    expect((await api(t, 'POST', RF.claim, m.token, { id })).status).toBe(200);
  }
  await opsCall(t.app, 'POST', `/ops/raffles/${id}/end`, { operator: 'tester' });
  const draws = await Promise.all(
    Array.from({ length: 10 }, () => opsCall(t.app, 'POST', `/ops/raffles/${id}/draw`, { operator: 'tester' })),
  );
  expect(draws.filter((d) => d.status === 200)).toHaveLength(1);
  expect(draws.filter((d) => d.status !== 200).every((d) => d.body.errorCode === 'ALREADY_DRAWN')).toBe(true);
  const won = await t.db.query<{ member_id: string; prize: string }>(
    `SELECT member_id, prize::text FROM raffle_winners WHERE raffle_id = $1 ORDER BY place`,
    [id],
  );
  expect(won.map((w) => w.prize)).toEqual(['3000', '1000']);
  const paid = await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1`, [
    `raffle:${id}:%`,
  ]);
  expect(paid!.n).toBe(2);
});
