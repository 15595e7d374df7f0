import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/** An operator's manual adjustment of a member's main wallet (amount in poisha). */
async function adjust(request: APIRequestContext, account: string, amount: string) {
  const res = await request.post('/ops/wallet/adjustments', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { account, amount, operator: 'e2e', reason: 'end-to-end test' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `test-results/live-${name}.png`, fullPage });

test('a guest’s page never loads the live channel', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('request', (req) => req.url().includes('/socket.io') && sockets.push(req.url()));
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sockets).toEqual([]);
  expect(scripts.some((s) => s.includes('engine.io') || s.includes('socket.io-parser'))).toBe(false);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
});

test('the header balance shows by default, hides and shows, refreshes, and follows an operator’s adjustment without a reload', async ({
  page,
  request,
}) => {
  const account = unique('bal');
  const token = await memberToken(request, account);
  await adjust(request, account, '50000');
  await gotoAs(page, '/', token);
  const amount = page.getByTestId('header-balance-amount');
  // BN by default: Bengali digits
  await expect(amount).toHaveText('৳৫০০.০০');
  await page.setViewportSize({ width: 390, height: 800 });
  await shot(page, 'header-bn-390');

  // a movement reaches the open page on the live channel: no reload
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await adjust(request, account, '25050');
  await expect(amount).toHaveText('৳৭৫০.৫০');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // hide: remembered across a reload; show again
  await page.getByRole('button', { name: 'ব্যালান্স লুকান' }).click();
  await expect(amount).toHaveText('৳ ••••');
  await page.reload();
  await expect(page.getByTestId('header-balance-amount')).toHaveText('৳ ••••');
  await page.getByRole('button', { name: 'ব্যালান্স দেখান' }).click();
  await expect(amount).toHaveText('৳৭৫০.৫০');

  // refresh: spins while it reads (the answer is held here until checked). The page reads the
  // balance on its own when its channel connects, which after the reload may come later than the
  // amount: a read of the page's own held below would keep the button disabled for good. So the
  // channel is connected first and that read done (the status and the read start in one render).
  await expect(page.getByTestId('header-balance')).toHaveAttribute('data-live', 'online');
  await expect(page.getByTestId('header-balance-refresh')).toHaveAttribute('aria-busy', 'false');
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/wps/v2/wallets/balance*', async (route) => {
    await held;
    await route.continue();
  });
  const refresh = page.getByTestId('header-balance-refresh');
  await refresh.click();
  await expect(refresh).toHaveAttribute('aria-busy', 'true');
  await expect(refresh).toBeDisabled();
  await expect(refresh).toHaveClass(/k-balance__button--spinning/);
  release();
  await expect(refresh).toHaveAttribute('aria-busy', 'false');
  await page.unroute('**/wps/v2/wallets/balance*');

  // EN: ASCII digits, English labels
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('side-menu-toggle').click();
  await page.getByTestId('language-select').selectOption('EN');
  await page.getByTestId('side-menu-toggle').click();
  await expect(amount).toHaveText('৳750.50');
  await expect(page.getByRole('button', { name: 'Hide balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh balance' })).toBeVisible();
  await shot(page, 'header-en-desktop');
});

test('the channel opens for a logged-in member and closes at logout', async ({ page, request }) => {
  const token = await memberToken(request, unique('ws'));
  const opened = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await gotoAs(page, '/', token);
  const ws = await opened;
  const closed = ws.waitForEvent('close');
  await page.getByTestId('logout-button').click();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'নিশ্চিত করুন' }).click();
  await closed;
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
});

test('a trial account sees no balance and opens no live channel', async ({ page, request }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const token = await memberToken(request, unique('trial'), 4);
  await gotoAs(page, '/', token);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  expect(sockets).toEqual([]);
});

test('transferFund: every wallet’s balance, a transfer in, refusals, live updates and a recall', async ({ page, request }) => {
  await english(page);
  const account = unique('tf');
  const token = await memberToken(request, account);
  await adjust(request, account, '100000');
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, '/member/transferFund', token);
  await expect(page.getByTestId('transfer-page')).toBeVisible();
  await expect(page.getByTestId('transfer-main')).toHaveText('৳1,000.00');
  await expect(page.getByTestId('transfer-wallet-DEEPNET')).toContainText('৳0.00');
  await expect(page.getByTestId('transfer-records')).toHaveCount(0);
  await expect(page.getByText('No transfers yet.')).toBeVisible();
  await shot(page, 'transfer-en-390', true);

  // refusals: nothing chosen, nothing entered, more than the main wallet holds
  const submit = page.getByTestId('transfer-submit');
  const feedback = page.getByTestId('transfer-feedback');
  await submit.click();
  await expect(feedback).toHaveText('Choose a game wallet.');
  await page.getByTestId('transfer-wallet-DEEPNET').click();
  await submit.click();
  await expect(feedback).toHaveText('Enter an amount.');
  await page.getByTestId('transfer-amount').fill('1000.01');
  await submit.click();
  await expect(feedback).toHaveText('More than the wallet holds (৳1,000.00).');
  await page.getByTestId('transfer-amount').fill('12.345');
  await submit.click();
  await expect(feedback).toHaveText('Enter an amount in taka, like 500 or 500.50.');

  // a transfer in
  await page.getByTestId('transfer-amount').fill('300');
  await submit.click();
  await expect(feedback).toHaveText('৳300.00 moved.');
  await expect(page.getByTestId('transfer-main')).toHaveText('৳700.00');
  await expect(page.getByTestId('transfer-wallet-DEEPNET')).toContainText('৳300.00');
  await expect(page.getByTestId('transfer-total')).toHaveText('৳1,000.00');
  await expect(page.getByTestId('transfer-record')).toHaveCount(1);
  await expect(page.getByTestId('transfer-record').first()).toContainText('To Deep Net');
  await expect(page.getByTestId('transfer-record').first()).toContainText('Done');

  // and back out, all of it, into a second wallet first
  await page.getByTestId('transfer-wallet-CORALHUNT').click();
  await page.getByTestId('transfer-amount').fill('150.50');
  await submit.click();
  await expect(page.getByTestId('transfer-main')).toHaveText('৳549.50');

  // an operator's adjustment shows on the page without a reload
  await adjust(request, account, '1000');
  await expect(page.getByTestId('transfer-main')).toHaveText('৳559.50');
  await shot(page, 'transfer-after-in-390');

  // recall all
  await page.getByTestId('transfer-recall-all').click();
  await expect(page.getByTestId('recall-feedback')).toHaveText('৳450.50 is back in the main wallet.');
  await expect(page.getByTestId('transfer-main')).toHaveText('৳1,010.00');
  await expect(page.getByTestId('transfer-wallet-DEEPNET')).toContainText('৳0.00');
  await expect(page.getByTestId('transfer-recall-all')).toBeDisabled();
  await expect(page.getByTestId('transfer-record')).toHaveCount(4);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('৳1,010.00');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'transfer-en-desktop', true);
});

test('transferFund in BN', async ({ page, request }) => {
  const account = unique('tfbn');
  const token = await memberToken(request, account);
  await adjust(request, account, '20000');
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, '/member/transferFund', token);
  await expect(page.getByTestId('transfer-main')).toHaveText('৳২০০.০০');
  await page.getByTestId('transfer-wallet-BAYFISH').click();
  await page.getByTestId('transfer-amount').fill('৫০');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-feedback')).toHaveText('৳৫০.০০ স্থানান্তর হয়েছে।');
  await expect(page.getByTestId('transfer-main')).toHaveText('৳১৫০.০০');
  await shot(page, 'transfer-bn-390', true);
});

test('the header balance and the transferFund page have no serious accessibility violation (390 px, BN)', async ({
  page,
  request,
}) => {
  const account = unique('tfa11y');
  const token = await memberToken(request, account);
  await adjust(request, account, '10000');
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, '/member/transferFund', token);
  await expect(page.getByTestId('transfer-page')).toBeVisible();
  await expect(page.getByTestId('header-balance-amount')).toHaveText('৳১০০.০০');
  await page.getByTestId('transfer-submit').click(); // with its error shown
  await expect(page.getByTestId('transfer-feedback')).not.toBeEmpty();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('a spin of the slot moves the header balance without a reload', async ({ page, request }) => {
  await english(page);
  const account = unique('spin');
  const token = await memberToken(request, account);
  await adjust(request, account, '50000');
  // the balances the live channel pushes to this page
  let pushed = 0;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"balance"') && pushed++));
  await gotoAs(page, '/rng', token);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('৳500.00');
  await page.getByTestId('game-search').fill('Bengal Tiger Reels');
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: 'Bengal Tiger Reels' }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page.getByTestId('game-page')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const before = pushed;
  await page.locator('body').press('Space');
  await expect(page.getByTestId('round-result')).toBeVisible();
  // the bet (and a win) reached the page on the channel, and the header shows what the game shows
  await expect.poll(() => pushed).toBeGreaterThan(before);
  const after = await page.getByTestId('game-balance').textContent();
  await expect(page.getByTestId('header-balance-amount')).toHaveText(after!);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
