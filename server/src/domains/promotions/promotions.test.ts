import {
  MISSION_PATHS as M,
  PROMOTION_CATEGORIES,
  PROMOTION_PATHS as P,
  RAFFLE_PATHS as RF,
  RED_ENVELOPE_PATHS as R,
  type RaffleDto,
} from '@khela/api/promotions';
import { audit, balanceOf } from '../wallet/ledger';
import { runOps } from '../../cli/ops';
import { opsCall, TEST_OPS_KEY } from '../../test-support/test-db';
import { listen } from '../live/live.test-support';
import { settleBonusesForWithdrawal } from './promotions.service';
import {
  api,
  createPromoTestApi,
  paidDeposit,
  play,
  promoMember,
  rollbackBet,
  sealedPost,
  setPaymentPassword,
  type PromoMember,
  type PromoTestApi,
} from './promotions.test-support';

jest.setTimeout(120_000);

let t: PromoTestApi;
beforeAll(async () => {
  t = await createPromoTestApi();
});
afterAll(async () => {
  const report = await audit(t.db);
  expect(report.anomalies).toEqual([]);
  await t.dispose();
});

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => opsCall(t.app, method, url, body);
/** The app's address, listening once for the CLI tests. */
let listening: Promise<string> | undefined;
const baseUrl = () => (listening ??= listen(t.app));
const patch = async (id: number, body: object) =>
  (
    await t.app.inject({ method: 'PATCH', url: `/ops/promotions/${id}`, payload: body, headers: { 'x-ops-key': 'test-ops-key' } })
  ).json();
const list = async (m?: PromoMember, lang = 'EN') => (await api(t, 'GET', `${P.list}?lang=${lang}`, m?.token)).body.value;
const cardOf = async (m: PromoMember | undefined, code: string) =>
  (await list(m)).list.find((c: { code: string }) => c.code === code);
const join = (m: PromoMember, id: number, deviceId?: string) =>
  api(t, 'POST', P.join, m.token, { id, ...(deviceId ? { deviceId } : {}) });
const claim = (m: PromoMember, id: number) => api(t, 'POST', P.claim, m.token, { id });
const seeded = async (code: string) =>
  Number((await t.db.one<{ id: string }>(`SELECT id FROM promotions WHERE code = $1`, [code]))!.id);

let codeSeq = 0;
async function createPromotion(over: Record<string, unknown>) {
  const r = await ops('POST', '/ops/promotions', {
    code: `TEST_${++codeSeq}_${Date.now().toString(36).toUpperCase()}`,
    category: 'deposit',
    titleBn: 'পরীক্ষা',
    titleEn: 'Test',
    contentBn: '<p>বিস্তারিত</p>',
    contentEn: '<p>Details</p>',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    ...over,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return Number(r.body.value.id);
}

describe('the promotions list', () => {
  it('has seeded promotions in every category, states for a guest, both languages', async () => {
    const en = await list(undefined, 'EN');
    for (const c of PROMOTION_CATEGORIES.filter((x) => x !== 'all')) {
      expect(en.list.some((p: { category: string }) => p.category === c)).toBe(true);
    }
    const by = (code: string) => en.list.find((p: { code: string }) => p.code === code);
    expect(by('SUMMER_FEST')).toMatchObject({ state: 'close', reason: 'ENDED' });
    expect(by('LOTTO_LUCKY')).toMatchObject({ state: 'comingSoon' });
    expect(by('POINTS_DOUBLE')).toMatchObject({ state: null });
    expect(by('FIRST_DEPOSIT_100')).toMatchObject({ state: 'join', title: '100% first deposit bonus' });
    const bn = await list(undefined, 'BN');
    expect(bn.list.find((p: { code: string }) => p.code === 'FIRST_DEPOSIT_100').title).toBe('প্রথম ডিপোজিটে ১০০% বোনাস');
    const slots = (await api(t, 'GET', `${P.list}?lang=EN&category=slots`)).body.value.list;
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((p: { category: string }) => p.category === 'slots')).toBe(true);
  });

  it('a detail has the sanitised content and the rule', async () => {
    const id = await createPromotion({
      kind: 'FIXED',
      fixedAmount: '1000',
      contentEn: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      titleEn: '<b>Bold</b> title',
    });
    const d = (await api(t, 'GET', `${P.detail}?id=${id}&lang=EN`)).body.value;
    expect(d).toMatchObject({ title: 'Bold title', kind: 'FIXED', fixedAmount: '1000', progress: null });
    expect(d.content).toContain('Hi');
    expect(d.content).not.toMatch(/script|onclick/);
    expect((await api(t, 'GET', `${P.detail}?id=999999`)).body.errorCode).toBe('PROMOTION_NOT_FOUND');
  });

  it('operators are refused bad promotions; the key is needed', async () => {
    const bad = await ops('POST', '/ops/promotions', { code: 'X', category: 'nope' });
    expect(bad.status).toBe(400);
    const dup = await ops('POST', '/ops/promotions', {
      code: 'FIRST_DEPOSIT_100',
      category: 'deposit',
      titleBn: 'a',
      titleEn: 'a',
      contentBn: '',
      contentEn: '',
      startsAt: new Date().toISOString(),
      kind: 'FIXED',
    });
    expect(dup).toMatchObject({ status: 409, body: { errorCode: 'PROMOTION_CODE_TAKEN' } });
    const id = await createPromotion({ kind: 'FIXED', fixedAmount: '100', titleEn: 'Soon hidden' });
    expect((await list()).list.some((p: { id: number }) => p.id === id)).toBe(true);
    expect((await patch(id, { status: 'HIDDEN' })).value.status).toBe('HIDDEN');
    expect((await list()).list.some((p: { id: number }) => p.id === id)).toBe(false);
    expect((await patch(id, { endsAt: '2000-01-01T00:00:00Z' })).errorCode).toBe('BAD_REQUEST');
    const noKey = await t.app.inject({ method: 'GET', url: '/ops/promotions' });
    expect(noKey.statusCode).toBe(401);
  });
});

describe('a deposit match with wagering by game type', () => {
  it('joined → claim after a deposit → issued into the bonus wallet → released once when wagering is met', async () => {
    const [full, half] = t.vendors;
    const id = await createPromotion({
      kind: 'DEPOSIT_MATCH',
      percentBp: 5000,
      maxBonus: '40000',
      minAmount: '10000',
      wageringMultiplier: 2,
      contribution: { [full.gameType]: 100, [half.gameType]: 50 },
      firstDeposit: true,
    });
    const m = await promoMember(t);
    expect((await join(m, id)).status).toBe(200);
    expect(
      await cardOf(m, (await ops('GET', '/ops/promotions')).body.value.find((p: { id: string }) => Number(p.id) === id).code),
    ).toMatchObject({
      state: 'joined',
    });
    expect((await claim(m, id)).body.errorCode).toBe('NOT_QUALIFIED');

    await paidDeposit(t, m, '100000');
    const issued = await claim(m, id);
    expect(issued.body.value).toEqual({ status: 'ISSUED', bonus: '40000' }); // 50% capped at 40000
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(40000));
    const cash = await balanceOf(t.db, m.id, 'MAIN');
    expect((await claim(m, id)).body.errorCode).toBe('NOT_JOINED');

    // 80000 of contributed wagering is needed: 20000 at 50% + 60000 at 100% = 70000
    await play(t, m, 1, BigInt(20000));
    await play(t, m, 0, BigInt(60000));
    const details = (await api(t, 'GET', `${P.bonusDetails}?lang=EN`, m.token)).body.value;
    expect(details[0]).toMatchObject({
      status: 'ISSUED',
      bonus: '40000',
      wageringRequired: '80000',
      wageringDone: '70000',
      claimable: false,
    });
    expect((await api(t, 'POST', P.claimReward, m.token, { id: details[0].id })).body.errorCode).toBe('WAGERING_NOT_MET');
    // the bonus never paid for the bets: they came from cash
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(40000));
    expect(await balanceOf(t.db, m.id, 'MAIN')).toBe(cash - BigInt(80000));

    await play(t, m, 0, BigInt(10000));
    const centre = (await api(t, 'GET', `${P.rewardCentre}?lang=EN`, m.token)).body.value;
    expect(centre.claimable).toHaveLength(1);
    expect((await api(t, 'GET', '/wps/relay/CSP_unreadCount', m.token)).body.value.reward).toBe(1);
    const paid = await api(t, 'POST', P.claimReward, m.token, { id: details[0].id });
    expect(paid.body.value.amount).toBe('40000');
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(0));
    expect(await balanceOf(t.db, m.id, 'MAIN')).toBe(cash - BigInt(90000) + BigInt(40000));
    expect((await api(t, 'POST', P.claimReward, m.token, { id: details[0].id })).body.errorCode).toBe('ALREADY_CLAIMED');
    expect((await join(m, id)).body.errorCode).toBe('ALREADY_JOINED');
  });

  it('a deposit before joining does not count, and a first-deposit promotion refuses a depositor', async () => {
    const id = await createPromotion({ kind: 'DEPOSIT_MATCH', percentBp: 10000, wageringMultiplier: 1, firstDeposit: true });
    const m = await promoMember(t);
    await paidDeposit(t, m, '50000');
    expect((await join(m, id)).body.errorCode).toBe('NOT_FIRST_DEPOSIT');
  });
});

describe('eligibility', () => {
  it('new members only, VIP levels, once per device', async () => {
    const m = await promoMember(t);
    await t.db.query(`UPDATE members SET created_at = now() - interval '40 days' WHERE id = $1`, [m.id]);
    expect((await join(m, await seeded('FIRST_DEPOSIT_100'))).body.errorCode).toBe('NOT_NEW_MEMBER');
    expect(await cardOf(m, 'FIRST_DEPOSIT_100')).toMatchObject({ state: 'close', reason: 'NOT_NEW_MEMBER' });

    const vip = await seeded('VIP_RANKING');
    expect((await join(m, vip)).body.errorCode).toBe('VIP_LEVEL');
    expect((await ops('POST', '/ops/promotions/vip', { account: m.account, level: 3 })).status).toBe(200);
    expect((await join(m, vip)).status).toBe(200);

    const app = await seeded('APP_DOWNLOAD_50');
    expect((await join(m, app)).body.errorCode).toBe('DEVICE_REQUIRED');
    expect((await join(m, app, 'device-aaaa-1')).status).toBe(200);
    const other = await promoMember(t);
    expect((await join(other, app, 'device-aaaa-1')).body.errorCode).toBe('ONCE_PER_DEVICE');
    expect((await join(other, app, 'device-bbbb-2')).status).toBe(200);
  });

  it('once per IP when the operator says so', async () => {
    const id = await createPromotion({ kind: 'FIXED', fixedAmount: '500', oncePerIp: true });
    expect((await join(await promoMember(t), id)).status).toBe(200);
    expect((await join(await promoMember(t), id)).body.errorCode).toBe('ONCE_PER_IP');
  });

  it('guests and trial accounts cannot join', async () => {
    expect((await api(t, 'POST', P.join, undefined, { id: 1 })).status).toBe(401);
  });

  it('a member in a time-out gets nothing from promotions, rewards or the points mall (responsible gambling)', async () => {
    const m = await promoMember(t);
    // the time-out as the session that outlived it by a moment sees it (a real one also ends every session)
    await t.db.query(
      `INSERT INTO rg_profiles (member_id, excluded_kind, excluded_from, excluded_until, excluded_by)
       VALUES ($1, 'TIMEOUT', now(), now() + interval '1 day', 'test')`,
      [m.id],
    );
    const id = await seeded('FIRST_DEPOSIT_100');
    const refused = [
      await join(m, id),
      await claim(m, id),
      await api(t, 'POST', R.claim, m.token, { id: 1 }),
      await api(t, 'POST', M.claim, m.token, { id: 1 }),
      await api(t, 'POST', RF.claim, m.token, { id: 1 }),
    ];
    for (const r of refused) expect([r.status, r.body.errorCode]).toEqual([403, 'SELF_EXCLUDED']);
    // what it already has stays readable
    expect((await api(t, 'GET', `${P.list}?lang=EN`, m.token)).status).toBe(200);
    expect(await t.db.one('SELECT count(*)::int AS n FROM promotion_participations WHERE member_id = $1', [m.id])).toEqual({
      n: 0,
    });
  });
});

describe('applications', () => {
  it('applying → rejected or issued by an operator', async () => {
    const id = await createPromotion({
      kind: 'FIXED',
      fixedAmount: '20000',
      wageringMultiplier: 1,
      needsApproval: true,
      onWithdrawal: 'BLOCK',
    });
    const a = await promoMember(t);
    const b = await promoMember(t);
    for (const m of [a, b]) {
      await join(m, id);
      expect((await claim(m, id)).body.value).toEqual({ status: 'APPLYING', bonus: '20000' });
    }
    expect(await balanceOf(t.db, a.id, 'BONUS')).toBe(BigInt(0));
    const apps = (await ops('GET', '/ops/promotions/applications')).body.value.filter((x: { account: string }) =>
      [a.account, b.account].includes(x.account),
    );
    expect(apps).toHaveLength(2);
    const of = (m: PromoMember) => apps.find((x: { account: string }) => x.account === m.account).id;
    expect(
      (await ops('POST', `/ops/promotions/applications/${of(a)}`, { decision: 'reject', operator: 'tester', reason: 'dup' })).body
        .value.status,
    ).toBe('REJECTED');
    expect(
      (await ops('POST', `/ops/promotions/applications/${of(b)}`, { decision: 'approve', operator: 'tester' })).body.value.status,
    ).toBe('ISSUED');
    expect((await ops('POST', `/ops/promotions/applications/${of(b)}`, { decision: 'approve', operator: 'tester' })).status).toBe(
      409,
    );
    expect(await balanceOf(t.db, b.id, 'BONUS')).toBe(BigInt(20000));
    const detail = (await api(t, 'GET', `${P.detail}?id=${id}&lang=EN`, a.token)).body.value;
    expect(detail.state).toBe('rejected');

    // the BLOCK rule: a withdrawal is refused while the bonus still wagers
    await expect(t.app.ledger.transact((tx) => settleBonusesForWithdrawal(tx, b.id))).rejects.toMatchObject({
      errorCode: 'BONUS_WAGERING_PENDING',
    });
    expect(await balanceOf(t.db, b.id, 'BONUS')).toBe(BigInt(20000));
  });

  it('the FORFEIT rule: a withdrawal takes the unmet bonus back; a met one stays claimable', async () => {
    const id = await createPromotion({
      kind: 'FIXED',
      fixedAmount: '3000',
      wageringMultiplier: 5,
      contribution: { [t.vendors[0].gameType]: 100 },
    });
    const m = await promoMember(t);
    await join(m, id);
    expect((await claim(m, id)).body.value.status).toBe('ISSUED');
    await t.app.ledger.transact((tx) => settleBonusesForWithdrawal(tx, m.id));
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(0));
    const d = (await api(t, 'GET', `${P.bonusDetails}?lang=EN`, m.token)).body.value;
    expect(d[0]).toMatchObject({ status: 'FORFEITED', claimable: false });
  });

  it('one bonus wagering at a time', async () => {
    const m = await promoMember(t);
    const a = await createPromotion({ kind: 'FIXED', fixedAmount: '1000', wageringMultiplier: 3 });
    const b = await createPromotion({ kind: 'FIXED', fixedAmount: '1000', wageringMultiplier: 3 });
    await join(m, a);
    await join(m, b);
    expect((await claim(m, a)).body.value.status).toBe('ISSUED');
    expect((await claim(m, b)).body.errorCode).toBe('BONUS_IN_PROGRESS');
  });

  it('a rebate without wagering goes straight to cash', async () => {
    const id = await createPromotion({
      kind: 'REBATE',
      percentBp: 100,
      contribution: { [t.vendors[0].gameType]: 100 },
      oncePerMember: false,
    });
    const m = await promoMember(t);
    await t.app.ledger.post({
      key: `promo-test-fund-${m.id}`,
      kind: 'ADJUSTMENT',
      memberId: m.id,
      createdBy: 'ops:tester',
      legs: [
        { account: { member: m.id }, amount: BigInt(1000000) },
        { account: { house: 'MANUAL_ADJUSTMENTS' }, amount: BigInt(-1000000) },
      ],
    });
    await join(m, id);
    expect(
      await cardOf(m, (await t.db.one<{ code: string }>(`SELECT code FROM promotions WHERE id = $1`, [id]))!.code),
    ).toMatchObject({ state: 'process' });
    await play(t, m, 0, BigInt(500000));
    expect((await claim(m, id)).body.value).toEqual({ status: 'CLAIMED', bonus: '5000' });
    expect(await balanceOf(t.db, m.id, 'MAIN')).toBe(BigInt(1000000 - 500000 + 5000));
    // not once per member: it can be joined again, counting from then
    expect((await join(m, id)).status).toBe(200);
    expect((await claim(m, id)).body.errorCode).toBe('NOT_QUALIFIED');
  });
});

describe('the points mall', () => {
  it('points from valid bets at the operators’ ratio; redeem and convert behind the payment password, idempotent', async () => {
    expect((await ops('PUT', '/ops/points/settings', { poishaPerPoint: '100', minConvert: '50' })).status).toBe(200);
    const m = await promoMember(t);
    await paidDeposit(t, m, '100000');
    await play(t, m, 0, BigInt(12345));
    await play(t, m, 1, BigInt(55));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('124'); // 12400 poisha, 0 left over
    await play(t, m, 0, BigInt(99));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('124');
    await play(t, m, 0, BigInt(1));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('125');

    const reward = await ops('POST', '/points/rewards'.replace(/^/, '/ops'), {
      titleBn: 'কলম',
      titleEn: 'Pen',
      points: '20',
      stock: 3,
    });
    const rewardId = Number(reward.body.value.id);
    const body = { rewardId, quantity: 2, requestKey: `redeem-${m.id}-1`, paymentPassword: '246810' };
    expect((await sealedPost(t, P.redeem, m.token, body)).body.errorCode).toBe('PAYMENT_PASSWORD_NOT_SET');
    await setPaymentPassword(t, m);
    expect((await sealedPost(t, P.redeem, m.token, { ...body, paymentPassword: '111112' })).body.errorCode).toBe(
      'PAYMENT_PASSWORD_WRONG',
    );
    expect((await api(t, 'POST', P.redeem, m.token, body)).status).toBe(400); // a plain body is refused
    const first = await sealedPost(t, P.redeem, m.token, body);
    expect(first).toMatchObject({ status: 201, body: { value: { status: 'IN_PROCESS', quantity: 2, points: '40' } } });
    const again = await sealedPost(t, P.redeem, m.token, body);
    expect(again.body.value.id).toBe(first.body.value.id);
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('85');
    const more = await sealedPost(t, P.redeem, m.token, { ...body, requestKey: `redeem-${m.id}-2` });
    expect(more.body.errorCode).toBe('OUT_OF_STOCK'); // 1 left, 2 asked
    const history = (await api(t, 'GET', `${P.redeemList}?lang=EN`, m.token)).body.value;
    expect(history).toEqual([expect.objectContaining({ title: 'Pen', status: 'IN_PROCESS' })]);
    const rejected = await ops('POST', `/ops/points/redemptions/${first.body.value.id}`, {
      decision: 'reject',
      operator: 'tester',
    });
    expect(rejected.body.value.status).toBe('REJECTED');
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('125');
    expect((await t.db.one<{ stock: number }>(`SELECT stock FROM point_rewards WHERE id = $1`, [rewardId]))!.stock).toBe(3);

    const cash = await balanceOf(t.db, m.id);
    const conv = { points: '100', requestKey: `convert-${m.id}-1`, paymentPassword: '246810' };
    expect((await sealedPost(t, P.convert, m.token, { ...conv, points: '10' })).body.errorCode).toBe('BELOW_MIN_CONVERT');
    const converted = await sealedPost(t, P.convert, m.token, conv);
    expect(converted.body.value).toMatchObject({ points: '100', amount: '1000', pointsLeft: '25' }); // VIP 0: 10 poisha a point
    const replay = await sealedPost(t, P.convert, m.token, conv);
    expect(replay.body.value).toMatchObject({ points: '100', amount: '1000', pointsLeft: '25' });
    expect(await balanceOf(t.db, m.id)).toBe(cash + BigInt(1000));
    expect((await sealedPost(t, P.convert, m.token, { ...conv, requestKey: `convert-${m.id}-2` })).body.errorCode).toBe(
      'INSUFFICIENT_POINTS',
    );

    const details = (await api(t, 'GET', P.pointDetails, m.token)).body.value;
    expect(details.map((d: { kind: string }) => d.kind)).toEqual(['CONVERT', 'REFUND', 'REDEEM', 'EARN', 'EARN']);
    const config = (await api(t, 'GET', P.pointConfig, m.token)).body.value;
    expect(config).toMatchObject({ poishaPerPoint: '100', minConvert: '50', vipLevel: 0, memberRate: '10' });
    expect(config.rates.length).toBeGreaterThan(1);
  });
});

describe('points of a rolled-back bet', () => {
  it('are taken back by one REVERSE entry, never by editing the EARN entry', async () => {
    expect((await ops('PUT', '/ops/points/settings', { poishaPerPoint: '100' })).status).toBe(200);
    const m = await promoMember(t);
    await paidDeposit(t, m, '100000');
    await play(t, m, 0, BigInt(250));
    const rolled = await play(t, m, 0, BigInt(1000));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('12'); // 1250 poisha
    const earned = await t.db.query(`SELECT * FROM point_entries WHERE member_id = $1 ORDER BY id`, [m.id]);

    await rollbackBet(t, m, 0, rolled);
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('2'); // 250 poisha stand
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('2');
    await rollbackBet(t, m, 0, rolled); // the vendor repeats its rollback
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('2');

    const entries = await t.db.query<{ kind: string; delta: string; balance_after: string; reference: string | null }>(
      `SELECT kind, delta::text, balance_after::text, reference FROM point_entries WHERE member_id = $1 ORDER BY id`,
      [m.id],
    );
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'EARN', delta: '12', balance_after: '12' }),
      { kind: 'REVERSE', delta: '-10', balance_after: '2', reference: 'ROLLBACK' },
    ]);
    // the EARN entry is as it was
    expect((await t.db.query(`SELECT * FROM point_entries WHERE member_id = $1 AND kind = 'EARN'`, [m.id]))[0]).toEqual(
      earned[0],
    );
    const details = (await api(t, 'GET', P.pointDetails, m.token)).body.value;
    expect(details.map((d: { kind: string }) => d.kind)).toEqual(['REVERSE', 'EARN']);

    // the next bets earn from where the standing bets left off (250 + 850 = 1100 poisha: 11 points)
    await play(t, m, 0, BigInt(850));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('11');
  });

  it('points already spent stay owed: the next bets make them up before earning again', async () => {
    expect((await ops('PUT', '/ops/points/settings', { poishaPerPoint: '100' })).status).toBe(200);
    const m = await promoMember(t);
    await paidDeposit(t, m, '100000');
    await setPaymentPassword(t, m);
    const rolled = await play(t, m, 0, BigInt(2000));
    const reward = await ops('POST', '/ops/points/rewards', { titleBn: 'কাপ', titleEn: 'Cup', points: '15', stock: 5 });
    const redeemed = await sealedPost(t, P.redeem, m.token, {
      rewardId: Number(reward.body.value.id),
      quantity: 1,
      requestKey: `owed-redeem-${m.id}`,
      paymentPassword: '246810',
    });
    expect(redeemed.status).toBe(201);
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('5');
    await rollbackBet(t, m, 0, rolled);
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('0'); // 5 taken, 15 owed
    await play(t, m, 0, BigInt(1500)); // makes up the 15 owed points
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('0');
    await play(t, m, 0, BigInt(300));
    expect((await api(t, 'GET', P.pointBalance, m.token)).body.value.points).toBe('3');
  });
});

describe('missions and the leaderboard', () => {
  it('progress from valid bets of the game type this period; the reward is claimed once; the leaderboard masks accounts', async () => {
    const [counted] = t.vendors;
    const code = `M_${Date.now().toString(36).toUpperCase()}`;
    await t.db.query(
      `INSERT INTO missions (code, title_bn, title_en, game_type, target, reward, period) VALUES ($1, 'মিশন', 'Mission', $2, 5000, 700, 'DAY')`,
      [code, counted.gameType],
    );
    const m = await promoMember(t);
    await t.app.ledger.post({
      key: `mission-fund-${m.id}`,
      kind: 'ADJUSTMENT',
      memberId: m.id,
      createdBy: 'ops:tester',
      legs: [
        { account: { member: m.id }, amount: BigInt(100000) },
        { account: { house: 'MANUAL_ADJUSTMENTS' }, amount: BigInt(-100000) },
      ],
    });
    const mine = async () =>
      ((await api(t, 'GET', `${M.list}?lang=EN`, m.token)).body.value as { code: string; id: number }[]).find(
        (x) => x.code === code,
      );
    await play(t, m, 1, BigInt(9000)); // another game type: not counted
    await play(t, m, 0, BigInt(3000));
    expect(await mine()).toMatchObject({ progress: '3000', target: '5000', claimable: false, claimed: false });
    const id = (await mine())!.id;
    expect((await api(t, 'POST', M.claim, m.token, { id })).body.errorCode).toBe('MISSION_NOT_DONE');
    await play(t, m, 0, BigInt(4000));
    expect(await mine()).toMatchObject({ progress: '5000', claimable: true });
    expect((await api(t, 'GET', '/wps/relay/CSP_unreadCount', m.token)).body.value.mission).toBeGreaterThanOrEqual(1);
    const cash = await balanceOf(t.db, m.id);
    const claims = await Promise.all([1, 2, 3].map(() => api(t, 'POST', M.claim, m.token, { id })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.body.errorCode === 'ALREADY_CLAIMED')).toHaveLength(2);
    expect(await balanceOf(t.db, m.id)).toBe(cash + BigInt(700));
    expect(await mine()).toMatchObject({ claimed: true, claimable: false });

    const board = (await api(t, 'GET', `${M.leaderboard}?period=DAY`, m.token)).body.value;
    const me = board.list.find((r: { me: boolean }) => r.me);
    expect(me).toMatchObject({ validBet: '16000', account: `${m.account.slice(0, 2)}***${m.account.slice(-1)}` });
    expect(board.list.map((r: { rank: number }) => r.rank)).toEqual(board.list.map((_: unknown, i: number) => i + 1));
  });
});

describe('ops promotion / points (CLI)', () => {
  it('creates, changes and lists promotions, decides applications, sets the points ratio', async () => {
    const base = await baseUrl();
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runOps(argv, { baseUrl: base, opsKey: TEST_OPS_KEY, operator: 'cli-tester', print: (l) => lines.push(l) });
    const code = `CLI_${Date.now().toString(36).toUpperCase()}`;
    await run(
      'promotion',
      'create',
      JSON.stringify({
        code,
        category: 'others',
        titleBn: 'সিএলআই',
        titleEn: 'From the CLI',
        contentBn: '<p>x</p>',
        contentEn: '<p>x<script>y</script></p>',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        kind: 'FIXED',
        fixedAmount: '1500',
        wageringMultiplier: 2,
        needsApproval: true,
      }),
    );
    expect(lines.pop()).toMatch(new RegExp(`^promotion \\d+ ${code} created$`));
    const id = Number((await t.db.one<{ id: string }>(`SELECT id FROM promotions WHERE code = $1`, [code]))!.id);
    expect((await t.db.one<{ content_en: string }>(`SELECT content_en FROM promotions WHERE id = $1`, [id]))!.content_en).toBe(
      '<p>x</p>',
    );
    await run('promotion', 'set', String(id), '{"sort": -5}');
    expect(lines.pop()).toBe(`promotion ${id} ${code} changed (ACTIVE)`);
    await run('promotion', 'list');
    expect(lines.some((l) => l.includes(code))).toBe(true);

    const m = await promoMember(t);
    await join(m, id);
    await claim(m, id);
    lines.length = 0;
    await run('promotion', 'applications');
    const line = lines.find((l) => l.includes(m.account))!;
    const appId = line.split('\t')[0];
    await run('promotion', 'approve', appId);
    expect(lines.pop()).toBe(`application ${appId}: ISSUED`);
    expect(await balanceOf(t.db, m.id, 'BONUS')).toBe(BigInt(1500));
    await expect(run('promotion', 'reject', appId)).rejects.toThrow(/409 ALREADY_DECIDED/);
    await expect(run('promotion', 'create', 'not json')).rejects.toThrow(/JSON/);

    await run('points', 'settings', '--poisha-per-point', '500', '--min-convert', '50');
    expect(lines.pop()).toBe('points: 1 point per 500 poisha of valid bets; convert at least 50');
    await expect(run('points', 'approve', '999999')).rejects.toThrow(/404 REDEMPTION_NOT_FOUND/);
  });
});

describe('operators manage missions, red envelopes and redemptions (endpoints and CLI)', () => {
  const cli = async () => {
    const base = await baseUrl();
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runOps(argv, { baseUrl: base, opsKey: TEST_OPS_KEY, operator: 'cli-tester', print: (l) => lines.push(l) });
    return { lines, run };
  };

  it('missions: create, list, close (members no longer see a closed one); bad input changes nothing', async () => {
    const { lines, run } = await cli();
    const code = `OPSM_${Date.now().toString(36).toUpperCase()}`;
    expect((await t.app.inject({ method: 'GET', url: '/ops/missions' })).statusCode).toBe(401); // no X-Ops-Key
    const bad = await ops('POST', '/ops/missions', { code, titleBn: 'x', titleEn: 'x', target: '0', reward: '5', period: 'DAY' });
    expect(bad.status).toBe(400);
    await run(
      'mission',
      'create',
      JSON.stringify({
        code,
        titleBn: 'আজ ৳১০',
        titleEn: 'Wager ৳10 today',
        gameType: null,
        target: '1000',
        reward: '50',
        period: 'DAY',
      }),
    );
    expect(lines.pop()).toMatch(new RegExp(`^mission \\d+ ${code} created$`));
    await expect(
      run('mission', 'create', JSON.stringify({ code, titleBn: 'x', titleEn: 'x', target: '1', reward: '1', period: 'DAY' })),
    ).rejects.toThrow(/409 MISSION_CODE_TAKEN/);
    await run('mission', 'list');
    const line = lines.find((l) => l.includes(code))!;
    expect(line).toMatch(/\tACTIVE\tDAY\tALL\ttarget 1000\treward 50\t0 claims\tWager ৳10 today$/);
    const id = line.split('\t')[0];

    const m = await promoMember(t);
    const seen = async () =>
      ((await api(t, 'GET', `${M.list}?lang=EN`, m.token)).body.value as { code: string }[]).some((x) => x.code === code);
    expect(await seen()).toBe(true);
    await run('mission', 'close', id);
    expect(lines.pop()).toBe(`mission ${id} ${code} closed`);
    expect(await seen()).toBe(false);
    await expect(run('mission', 'close', id)).rejects.toThrow(/409 ALREADY_CLOSED/);
    await expect(run('mission', 'close', '999999')).rejects.toThrow(/404 MISSION_NOT_FOUND/);
    await expect(run('mission', 'close')).rejects.toThrow(/mission close needs <id>/);
  });

  it('red envelopes: create, list with what they paid, close early (no longer listed nor claimable)', async () => {
    const { lines, run } = await cli();
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    await run(
      'red-envelope',
      'create',
      JSON.stringify({
        titleBn: 'লাল',
        titleEn: 'Ops envelope',
        startsAt: start,
        endsAt: end,
        minAmount: '10',
        maxAmount: '10',
        budget: '100',
      }),
    );
    const id = Number(/^red envelope (\d+) scheduled$/.exec(lines.pop()!)![1]);
    const m = await promoMember(t);
    expect((await api(t, 'POST', R.claim, m.token, { id })).body.value.amount).toBe('10');
    await run('red-envelope', 'list');
    expect(lines.find((l) => l.startsWith(`${id}\t`))).toMatch(/\tOPEN\t.*\t10-10 poisha\t90\/100 left\t1 claims\tOps envelope$/);

    const other = await promoMember(t);
    await run('red-envelope', 'close', String(id));
    expect(lines.pop()).toBe(`red envelope ${id} closed (90 poisha unpaid)`);
    const list = (await api(t, 'GET', `${R.list}?lang=EN`, other.token)).body.value as { id: number }[];
    expect(list.some((e) => e.id === id)).toBe(false);
    expect((await api(t, 'POST', R.claim, other.token, { id })).body.errorCode).toBe('RED_ENVELOPE_NOT_OPEN');
    expect(await balanceOf(t.db, other.id)).toBe(BigInt(0));
    expect(await balanceOf(t.db, m.id)).toBe(BigInt(10)); // what was paid stays
    await expect(run('red-envelope', 'close', String(id))).rejects.toThrow(/409 ALREADY_CLOSED/);
    const listed = (await ops('GET', '/ops/red-envelopes')).body.value.find((e: { id: string }) => Number(e.id) === id);
    expect(listed).toMatchObject({ state: 'CLOSED', closed_by: 'ops:cli-tester', claims: 1, remaining: '90' });
  });

  it('points-mall redemptions: listed for the operators, by status and account', async () => {
    const { lines, run } = await cli();
    await ops('PUT', '/ops/points/settings', { poishaPerPoint: '100' });
    const m = await promoMember(t);
    await paidDeposit(t, m, '100000');
    await setPaymentPassword(t, m);
    await play(t, m, 0, BigInt(3000));
    const reward = await ops('POST', '/ops/points/rewards', { titleBn: 'টুপি', titleEn: 'Cap', points: '10', stock: 5 });
    const redeemed = await sealedPost(t, P.redeem, m.token, {
      rewardId: Number(reward.body.value.id),
      quantity: 2,
      requestKey: `ops-list-${m.id}`,
      paymentPassword: '246810',
    });
    expect(redeemed.status).toBe(201);
    const rid = redeemed.body.value.id;
    await run('points', 'redemptions', '--status', 'IN_PROCESS', '--account', m.account);
    expect(lines.pop()).toMatch(new RegExp(`^${rid}\\t${m.account}\\tCap x2\\t20 points\\tIN_PROCESS\\t`));
    await run('points', 'approve', String(rid));
    lines.length = 0;
    await run('points', 'redemptions', '--status', 'IN_PROCESS', '--account', m.account);
    expect(lines).toEqual(['no redemptions']);
    const approved = await ops('GET', `/ops/points/redemptions?status=APPROVED&account=${m.account}`);
    expect(approved.body.value.map((r: { id: string }) => ({ ...r, id: Number(r.id) }))).toEqual([
      expect.objectContaining({ id: Number(rid), status: 'APPROVED', decided_by: 'ops:cli-tester' }),
    ]);
    expect((await ops('GET', '/ops/points/redemptions?status=LOST')).status).toBe(400);
    await expect(run('points', 'redemptions', '--status', 'LOST')).rejects.toThrow(/IN_PROCESS, REJECTED or APPROVED/);
  });
});

describe('raffles', () => {
  it('tickets from valid bets in the window; claimed once; drawn once after the window, prizes paid', async () => {
    const base = await baseUrl();
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runOps(argv, { baseUrl: base, opsKey: TEST_OPS_KEY, operator: 'cli-tester', print: (l) => lines.push(l) });
    const raffle = {
      titleBn: 'লাকি ড্র',
      titleEn: 'Lucky draw',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      poishaPerTicket: '1000',
      maxTickets: 5,
      prizes: ['5000', '2000'],
    };
    await expect(run('raffle', 'create', JSON.stringify({ ...raffle, prizes: [] }))).rejects.toThrow(/400/);
    await run('raffle', 'create', JSON.stringify(raffle));
    const id = Number(/^raffle (\d+) created$/.exec(lines.pop()!)![1]);

    const [a, b, none] = await Promise.all([promoMember(t), promoMember(t), promoMember(t)]);
    for (const m of [a, b]) await paidDeposit(t, m, '100000');
    await play(t, a, 0, BigInt(2500)); // 2 tickets
    await play(t, b, 1, BigInt(90000)); // 90, capped at 5
    const mine = async (m: PromoMember) =>
      ((await api(t, 'GET', `${RF.list}?lang=EN`, m.token)).body.value as RaffleDto[]).find((r) => r.id === id)!;
    expect(await mine(a)).toMatchObject({
      title: 'Lucky draw',
      tickets: 2,
      entered: false,
      claimable: true,
      prizes: ['5000', '2000'],
    });
    expect(await mine(b)).toMatchObject({ tickets: 5, claimable: true });
    expect((await api(t, 'POST', RF.claim, none.token, { id })).body.errorCode).toBe('NO_TICKETS');
    const claims = await Promise.all([1, 2, 3].map(() => api(t, 'POST', RF.claim, a.token, { id })));
    expect(claims.filter((c) => c.status === 200).map((c) => c.body.value.tickets)).toEqual([2]);
    expect(claims.filter((c) => c.body.errorCode === 'ALREADY_CLAIMED')).toHaveLength(2);
    expect(await mine(a)).toMatchObject({ entered: true, claimable: false });
    // b does not claim: b's tickets are not in the draw

    await expect(run('raffle', 'draw', String(id))).rejects.toThrow(/409 RAFFLE_NOT_ENDED/);
    await run('raffle', 'end', String(id));
    expect((await api(t, 'POST', RF.claim, b.token, { id })).body.errorCode).toBe('RAFFLE_NOT_OPEN');
    const cash = await balanceOf(t.db, a.id);
    await run('raffle', 'draw', String(id));
    expect(lines.pop()).toBe(`raffle ${id} drawn: 1 winners among 1 entries`);
    await expect(run('raffle', 'draw', String(id))).rejects.toThrow(/409 ALREADY_DRAWN/);
    expect(await balanceOf(t.db, a.id)).toBe(cash + BigInt(5000));
    expect(await mine(a)).toMatchObject({
      status: 'DRAWN',
      won: { place: 1, prize: '5000' },
      winners: [{ place: 1, account: `${a.account.slice(0, 2)}***${a.account.slice(-1)}`, prize: '5000' }],
    });
    expect(await mine(b)).toMatchObject({ status: 'DRAWN', won: null, claimable: false });
    await run('raffle', 'list');
    expect(lines.find((l) => l.startsWith(`${id}\t`))).toMatch(
      /\tDRAWN\t.*\tprizes 5000\/2000\t1 entries\t1 winners\tLucky draw$/,
    );
  });
});

describe('red envelopes', () => {
  it('an operator schedules one; a member opens it once while open, within the bounds, within the budget', async () => {
    const soon = await ops('POST', '/ops/red-envelopes', {
      titleBn: 'লাল খাম',
      titleEn: 'Later envelope',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      minAmount: '100',
      maxAmount: '500',
      budget: '1000',
      operator: 'tester',
    });
    expect(soon.status).toBe(201);
    const open = await ops('POST', '/ops/red-envelopes', {
      titleBn: 'লাল খাম',
      titleEn: 'Red envelope',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      minAmount: '100',
      maxAmount: '500',
      budget: '1000',
      operator: 'tester',
    });
    const id = Number(open.body.value.id);
    expect(
      (
        await ops('POST', '/ops/red-envelopes', {
          ...{ titleBn: 'x', titleEn: 'x', startsAt: new Date().toISOString() },
          endsAt: new Date().toISOString(),
          minAmount: '5',
          maxAmount: '1',
          budget: '9',
          operator: 'tester',
        })
      ).status,
    ).toBe(400);

    const members = await Promise.all(Array.from({ length: 12 }, () => promoMember(t)));
    const first = members[0];
    const list = (await api(t, 'GET', `${R.list}?lang=EN`, first.token)).body.value;
    expect(list.find((e: { id: number }) => e.id === id)).toMatchObject({ title: 'Red envelope', open: true, claimed: null });
    expect(list.find((e: { id: number }) => e.id === Number(soon.body.value.id))).toMatchObject({ open: false });
    expect((await api(t, 'POST', R.claim, first.token, { id: Number(soon.body.value.id) })).body.errorCode).toBe(
      'RED_ENVELOPE_NOT_OPEN',
    );

    const paid: bigint[] = [];
    for (const m of members) {
      const r = await api(t, 'POST', R.claim, m.token, { id });
      if (r.status === 200) {
        const amount = BigInt(r.body.value.amount);
        expect(amount >= BigInt(100) && amount <= BigInt(500)).toBe(true);
        expect(await balanceOf(t.db, m.id)).toBe(amount);
        paid.push(amount);
      } else expect(r.body.errorCode).toBe('RED_ENVELOPE_EMPTY');
    }
    const total = paid.reduce((s, a) => s + a, BigInt(0));
    expect(total <= BigInt(1000)).toBe(true);
    expect(total > BigInt(900)).toBe(true); // it ran out: less than the minimum is left
    expect((await api(t, 'POST', R.claim, first.token, { id })).body.errorCode).toBe('ALREADY_CLAIMED');
    const after = (await api(t, 'GET', `${R.list}?lang=EN`, first.token)).body.value.find((e: { id: number }) => e.id === id);
    expect(after).toMatchObject({ open: false, claimed: paid[0].toString(), empty: true });
  });
});
