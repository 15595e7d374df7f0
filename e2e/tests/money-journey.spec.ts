import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, setSetting, unique, watchCsp } from './support';

// the Content-Security-Policy blocks nothing the pages load (scripts, federation manifests, styles,
// fonts, images, the live channel, the payment sandbox page)
let cspRefusals: string[] = [];
test.beforeEach(({ context }) => {
  cspRefusals = watchCsp(context);
});
test.afterEach(() => {
  expect(cspRefusals).toEqual([]);
});

/**
 * Issue 9's whole journey, as one player lives it in one browser: a deposit through the sandbox
 * payment page, the slot launched from the lobby, a spin that the header's balance follows without a
 * reload, the game in the recent games, the round confirmed by the verify page, and a withdrawal that
 * an operator rejects, after which the money is back (the header follows that too).
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const SLOT = 'Bengal Tiger Reels';

async function mainBalance(request: APIRequestContext, token: string): Promise<bigint> {
  const res = await request.get('/wps/v2/wallets/balance', { headers: { Authorization: token } });
  return BigInt(
    ((await res.json()).value.wallets as { walletCode: string; balance: string }[]).find((w) => w.walletCode === 'MAIN')!.balance,
  );
}

/** ৳ with lakh grouping and two decimals, as the EN storefront prints poisha. */
const taka = (poisha: bigint) => `৳${(poisha / 100n).toLocaleString('en-IN')}.${String(poisha % 100n).padStart(2, '0')}`;

/** Marks the page, so a later check can tell it was not reloaded since. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __journey: number }).__journey = 1));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __journey?: number }).__journey === 1);

test.beforeAll(async ({ request }) => {
  // a fresh member withdraws soon after depositing: the turnover rule has its own server tests
  // (left so: other files set the same value while they run beside this one, and none needs another)
  await setSetting(request, 'paymentRules', { turnoverMultiplier: 0 });
});

test('deposit, play, see the balance move live, find the game, verify the round, withdraw and be refunded on rejection', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('journey');
  const token = await memberToken(request, account);
  const headerBalance = page.getByTestId('header-balance-amount');

  // 1. a deposit of ৳1,000 by bKash through the sandbox payment page
  await gotoAs(page, '/member/depositv2', token);
  await expect(headerBalance).toHaveText('৳0.00');
  await mark(page);
  await page.getByTestId('channel-BKASH').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.locator('[data-state="paid"]')).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('deposit-order').locator('[data-status="PAID"]')).toBeVisible();
  await expect(headerBalance).toHaveText('৳1,000.00'); // pushed over the live channel
  expect(await stillSamePage(page)).toBe(true);
  expect(await mainBalance(request, token)).toBe(100000n);

  // 2. the slot, launched from the lobby's slot list
  await page.goto('/rng');
  await page.getByTestId('game-search').fill(SLOT);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: SLOT }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page).toHaveURL(/\/play\/KHELA_TIGER_REELS\?token=/);
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'REAL');
  await expect(headerBalance).toHaveText('৳1,000.00');
  await mark(page);

  // 3. a spin: the header's balance follows without a reload
  await page.locator('body').press('Space');
  const result = page.getByTestId('round-result');
  await expect(result).toBeVisible();
  const roundId = await result.getAttribute('data-round');
  // the stake out and the payout in (a push pays the stake back: the balance is then as it was)
  const afterSpin =
    100000n - BigInt((await result.getAttribute('data-stake'))!) + BigInt((await result.getAttribute('data-payout'))!);
  await expect.poll(() => mainBalance(request, token)).toBe(afterSpin);
  await expect(headerBalance).toHaveText(taka(afterSpin));
  expect(await stillSamePage(page)).toBe(true);

  // 4. the round is confirmed by the verify page (after rotating the seed reveals it)
  await page.getByTestId('rotate-seed').click();
  await expect(page.getByTestId('revealed-seed')).toBeVisible();
  const round = page.locator(`[data-testid="recent-round"][data-round="${roundId}"]`);
  await round.getByTestId('verify-link').click();
  await expect(page).toHaveURL(new RegExp(`/play/verify\\?round=${roundId}&`));
  await expect(page.getByTestId('verify-result').getByTestId('verify-hash')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-result').getByTestId('verify-outcome')).toHaveAttribute('data-ok', 'true');

  // 5. the game is first among the member's recent games
  await page.goto('/recent');
  await expect(page.getByTestId('game-tile').first()).toContainText(SLOT);

  // 6. a withdrawal of ৳500, rejected by an operator: the money comes back, and the header follows
  await page.goto('/member/withdraw');
  await page.getByTestId('pin-new').fill('582931');
  await page.getByTestId('pin-confirm').fill('582931');
  await page.getByTestId('pin-submit').click();
  await page.getByTestId('account-no-input').fill('01712345678');
  await page.getByTestId('holder-name-input').fill('Journey Player');
  await page.getByTestId('account-pin-input').fill('582931');
  await page.getByTestId('add-account-submit').click();
  await expect(page.getByTestId('accounts-section')).toContainText('••••5678');
  await mark(page);
  await page.getByTestId('withdraw-amount-input').fill('500');
  await page.getByTestId('withdraw-pin').fill('582931');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-history').locator('[data-status="W_PENDING"]')).toHaveCount(1);
  await expect(headerBalance).toHaveText(taka(afterSpin - 50000n));

  const list = await request.get(`/ops/payments/withdrawals?status=PENDING&account=${account}`, { headers: ops });
  const [{ id }] = (await list.json()).value as { id: number }[];
  const rejected = await request.post(`/ops/payments/withdrawals/${id}/reject`, {
    headers: ops,
    data: { operator: 'e2e-cashier', reason: 'the account name does not match' },
  });
  expect(rejected.ok(), await rejected.text()).toBeTruthy();
  await expect(headerBalance).toHaveText(taka(afterSpin)); // the refund, pushed live
  expect(await stillSamePage(page)).toBe(true);
  expect(await mainBalance(request, token)).toBe(afterSpin);

  // the ledger holds together after all of it
  const audit = await request.get('/ops/wallet/audit', { headers: ops });
  expect((await audit.json()).value.anomalies).toEqual([]);
});
