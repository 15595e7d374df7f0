import { expect, test, type APIRequestContext } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique, watchCsp } from './support';

/**
 * Issue 12 as one player lives it: join a first-deposit promotion, deposit through the sandbox
 * gateway, claim the bonus (it waits in the bonus wallet), spin an own slot until its wagering is
 * met, claim it into cash in the reward centre; the same spins earn points, which buy a reward in
 * the points mall and convert to balance, both behind the payment password.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const SLOT = 'Bengal Tiger Reels';
const PIN = '582931';

let cspRefusals: string[] = [];
test.beforeEach(({ context }) => {
  cspRefusals = watchCsp(context);
});
test.afterEach(() => {
  expect(cspRefusals).toEqual([]);
});

async function opsPost(request: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const res = await request[method](url, { headers: ops, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).value;
}

const wallets = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/wps/v2/wallets/balance', { headers: { Authorization: token } });
  const list = (await res.json()).value.wallets as { walletCode: string; balance: string }[];
  return Object.fromEntries(list.map((w) => [w.walletCode, BigInt(w.balance)]));
};

test.afterAll(async ({ request }) => {
  await request.put('/ops/points/settings', { headers: ops, data: { poishaPerPoint: '1000', minConvert: '100' } });
});

test('join a first-deposit promotion, deposit, wager until the bonus is released, claim it; earn points, redeem, convert', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const code = unique('E2E_FD_').toUpperCase();
  const promo = await opsPost(request, 'post', '/ops/promotions', {
    code,
    category: 'newbie',
    titleBn: 'প্রথম ডিপোজিট পরীক্ষা',
    titleEn: 'First deposit e2e',
    contentBn: '<p>প্রথম ডিপোজিটে ১০% বোনাস।</p>',
    contentEn: '<p>A 10% bonus on your first deposit.</p>',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    kind: 'DEPOSIT_MATCH',
    percentBp: 1000,
    maxBonus: '2000',
    minAmount: '10000',
    wageringMultiplier: 1,
    contribution: { RNG: 100 },
    firstDeposit: true,
  });
  await opsPost(request, 'put', '/ops/points/settings', { poishaPerPoint: '100', minConvert: '1' });
  const reward = await opsPost(request, 'post', '/ops/points/rewards', {
    titleBn: 'ক্যাপ',
    titleEn: 'Khela cap',
    points: '5',
    stock: 3,
  });

  // a raffle whose tickets come from the same spins (one per ৳5 of valid bets)
  const raffle = await opsPost(request, 'post', '/ops/raffles', {
    titleBn: 'লাকি ড্র পরীক্ষা',
    titleEn: 'Lucky draw e2e',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    poishaPerTicket: '500',
    maxTickets: 50,
    prizes: ['7700'],
    operator: 'e2e',
  });

  const token = await memberToken(request, unique('promo'));

  // 1. the promotions page counts what the member can join in the header; join ours in its detail
  await gotoAs(page, '/promotions', token);
  await expect(page.getByTestId(`promo-card-${code}`)).toBeVisible();
  await expect(page.getByTestId('header-promo-count')).toHaveText(/^[1-9]\d*$/);
  await page.getByTestId(`promo-card-${code}`).getByRole('link', { name: 'Details' }).click();
  await page.getByTestId(`promo-join-${code}`).click();
  await expect(page.getByTestId(`promo-state-${code}`)).toHaveAttribute('data-state', 'joined');

  // 2. deposit ৳1,000 by bKash through the sandbox payment page
  await page.goto('/member/depositv2');
  await page.getByTestId('channel-BKASH').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.locator('[data-state="paid"]')).toBeVisible();
  await popup.close();

  // 3. the deposit qualifies: claim ৳20 (10%, capped) into the bonus wallet
  await page.goto(`/promotions?id=${promo.id}`);
  await page.getByTestId(`promo-claim-${code}`).click();
  await expect(page.getByText('৳20.00 is in your bonus wallet.')).toBeVisible();
  await expect(page.getByTestId(`promo-state-${code}`)).toHaveAttribute('data-state', 'issued');
  expect((await wallets(request, token)).BONUS).toBe(2000n);

  // 4. spin the own slot until the wagering (৳20 of slots) is met
  await page.goto('/rng');
  await page.getByTestId('game-search').fill(SLOT);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: SLOT }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'REAL');
  for (let i = 0; i < 5; i++) await page.getByTestId('stake-more').click(); // ৳0.20 → ৳10 a spin
  await expect(page.getByTestId('stake-value')).toContainText('10.00');
  const claimable = async () =>
    (
      (await (await request.get('/wps/relay/MCSFE_getRewardCenter?lang=EN', { headers: { Authorization: token } })).json()).value
        .claimable as unknown[]
    ).length;
  const result = page.getByTestId('round-result');
  let round: string | null = null;
  for (let spin = 0; spin < 5 && (await claimable()) === 0; spin++) {
    await page.getByTestId('play-button').click();
    await expect.poll(() => result.getAttribute('data-round')).not.toBe(round);
    round = await result.getAttribute('data-round');
  }
  await expect.poll(claimable).toBe(1);

  // 5. claim it in the reward centre: the bonus moves to cash, once
  const before = await wallets(request, token);
  await page.goto('/member/rewardCenter');
  await page.getByTestId('reward-claimable').getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByTestId('reward-notice')).toHaveText('৳20.00 moved to your main wallet.');
  await expect(page.getByTestId('reward-history')).toContainText('First deposit e2e');
  const after = await wallets(request, token);
  expect(after.MAIN).toBe(before.MAIN + 2000n);
  expect(after.BONUS).toBe(0n);

  // 5b. the raffle claim: the spins' tickets enter the draw once; the operator draws it; the member won
  const raffleCard = page.getByTestId(`raffle-${raffle.id}`);
  await expect(page.getByTestId(`raffle-tickets-${raffle.id}`)).toContainText(/You have [1-9]\d* tickets?/);
  await raffleCard.getByRole('button', { name: 'Enter my tickets' }).click();
  await expect(page.getByTestId('raffle-notice')).toHaveText(/^Your [1-9]\d* tickets? (is|are) in the draw\.$/);
  await expect(raffleCard).toContainText('Your tickets are in the draw');
  await opsPost(request, 'post', `/ops/raffles/${raffle.id}/end`, { operator: 'e2e' });
  await opsPost(request, 'post', `/ops/raffles/${raffle.id}/draw`, { operator: 'e2e' });
  const again = await request.post(`/ops/raffles/${raffle.id}/draw`, { headers: ops, data: { operator: 'e2e' } });
  expect((await again.json()).errorCode).toBe('ALREADY_DRAWN');
  await page.reload();
  await expect(page.getByTestId(`raffle-result-${raffle.id}`)).toHaveText('You won place 1: ৳77.00 is in your main wallet.');
  expect((await wallets(request, token)).MAIN).toBe(after.MAIN + 7700n);

  // 6. the spins earned points: redeem a reward and convert the rest, behind the payment password
  const pin = await request.post('/wps/payments/payment-password', {
    headers: { Authorization: token },
    data: { newPassword: PIN, confirmPassword: PIN },
  });
  expect(pin.ok(), await pin.text()).toBeTruthy();
  await page.goto('/pointMall');
  const points = page.getByTestId('mall-points');
  await expect(points).toHaveText(/^[1-9][\d,]* points$/);
  const earned = Number((await points.textContent())!.replace(/\D/g, ''));
  expect(earned).toBeGreaterThanOrEqual(20);
  await page.getByTestId(`mall-redeem-${reward.id}`).click();
  await page.getByTestId('mall-password').fill(PIN);
  await page.getByTestId('mall-confirm').click();
  await expect(page.getByTestId('mall-notice')).toHaveText('Redeemed: Khela cap × 1, in process.');
  await expect(page.getByTestId('mall-history')).toContainText('In process');
  await expect(points).toHaveText(`${(earned - 5).toLocaleString('en-GB')} points`);

  const cash = (await wallets(request, token)).MAIN;
  await page.getByTestId('mall-convert').click();
  await page.getByTestId('mall-convert-points').fill('10');
  await page.getByTestId('mall-password').fill(PIN);
  await page.getByTestId('mall-confirm').click();
  await expect(page.getByTestId('mall-notice')).toHaveText('10 points became ৳1.00 in your main wallet.');
  await expect(points).toHaveText(`${(earned - 15).toLocaleString('en-GB')} points`);
  expect((await wallets(request, token)).MAIN).toBe(cash + 100n);

  const audit = await request.get('/ops/wallet/audit', { headers: ops });
  expect((await audit.json()).value.anomalies).toEqual([]);
});
