import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique } from './support';

/**
 * Issue 16 in Chromium: a deposit limit refuses a deposit over it (naming the limit and its reset),
 * a one-minute reality check interrupts a game (the page's clock is Playwright's, fast-forwarded:
 * nothing waits a real minute), and a 24-hour time-out logs the player out and refuses the login.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const SLOT = 'Bengal Tiger Reels';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
});

async function credit(request: APIRequestContext, account: string, poisha: string) {
  const res = await request.post('/ops/wallet/adjustments', {
    headers: ops,
    data: { account, amount: poisha, reason: 'e2e funds', operator: 'e2e' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('set a deposit limit: a deposit over it is refused, naming the limit and when it resets', async ({ page, request }) => {
  const token = await memberToken(request, unique('rgdep'));
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, '/member/responsibleGaming', token);
  const rg = page.getByTestId('rg-page');
  await expect(rg).toBeVisible();
  await expect(page.getByTestId('rg-prompt')).toBeVisible(); // no deposit limit yet
  await expect(page.getByTestId('member-centre').getByRole('link', { name: 'Responsible gaming' })).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);

  await page.getByTestId('rg-DEPOSIT-DAY-input').fill('500');
  await page.getByTestId('rg-DEPOSIT-DAY-save').click();
  await expect(page.getByTestId('rg-note')).toHaveText('Saved: the new limit applies now.');
  await expect(page.getByTestId('rg-DEPOSIT-DAY-amount')).toHaveText('৳500.00');
  await expect(page.getByTestId('rg-prompt')).toHaveCount(0);

  // raising it only asks: the ৳500 stays for 24 hours
  await page.getByTestId('rg-DEPOSIT-DAY-input').fill('5000');
  await page.getByTestId('rg-DEPOSIT-DAY-save').click();
  await expect(page.getByTestId('rg-DEPOSIT-DAY-pending')).toContainText('Raise to ৳5,000.00 asked');
  await expect(page.getByTestId('rg-DEPOSIT-DAY-amount')).toHaveText('৳500.00');

  // in Bengali too, at 390 px (a second tab of the same member)
  const bn = await page.context().newPage();
  await bn.addInitScript(() => localStorage.setItem('hisLang', 'BN'));
  await bn.setViewportSize({ width: 390, height: 844 });
  await gotoAs(bn, '/member/responsibleGaming', token);
  await expect(bn.getByTestId('member-page-responsibleGaming').getByRole('heading', { name: 'দায়িত্বশীল খেলা' })).toBeVisible();
  await expect(bn.getByTestId('rg-DEPOSIT-DAY-amount')).toHaveText('৳৫০০.০০');
  expect(await noSideScroll(bn)).toBe(true);
  await bn.close();

  // a first deposit of ৳300 is started (an unpaid order counts against the limit)
  const first = await request.post('/wps/payments/deposits', {
    headers: { Authorization: token },
    data: { channel: 'BKASH', amount: '30000' },
  });
  expect(first.status(), await first.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/member/depositv2');
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await expect(page.getByTestId('deposit-limit-prompt')).toHaveCount(0); // a limit is set
  await page.getByTestId('channel-BKASH').click();
  await page.getByTestId('deposit-amount-input').fill('300');
  await page.getByTestId('deposit-submit').click();
  const refusal = page.getByTestId('deposit-form-error');
  await expect(refusal).toContainText('This deposit would go over your 24-hour deposit limit of ৳500.00 (৳200.00 left)');
  await expect(refusal).toContainText(/It resets on \d+ \w+/);
  // no second order was made
  await expect(page.getByTestId('deposit-history').locator('li')).toHaveCount(1);
  // what is left still goes through
  await page.getByTestId('deposit-amount-input').fill('200');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  await (await popup).close();
  await expect(page.getByTestId('deposit-order')).toBeVisible();
});

test('a one-minute reality check interrupts a game and pauses it until answered', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // a spin settles at once
  await page.clock.install(); // the page's time runs, and the test can jump it forward
  const account = unique('rgplay');
  const token = await memberToken(request, account);
  await credit(request, account, '100000');

  await gotoAs(page, '/member/responsibleGaming', token);
  await page.getByTestId('rg-reality-select').selectOption('1');
  await page.getByTestId('rg-reality-save').click();
  await expect(page.getByTestId('rg-note')).toHaveText('Saved.');

  await page.goto('/rng');
  await page.getByTestId('game-search').fill(SLOT);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: SLOT }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page).toHaveURL(/\/play\/KHELA_TIGER_REELS\?token=/);
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'REAL');

  // a minute of play later (on a slow machine the real minute may come first: the same dialog)
  await page.clock.fastForward('01:00');
  const check = page.getByTestId('reality-check');
  await expect(check).toBeVisible();
  await expect(check.getByTestId('reality-check-time')).toHaveText(/^You have played for \d+ min in this session\.$/);
  const first = Number((await check.getByTestId('reality-check-time').textContent())!.match(/\d+/)![0]);
  expect(first).toBeGreaterThanOrEqual(1);
  await expect(check.getByTestId('reality-check-result')).toHaveText('Your result since the session began: ৳0.00.');
  // the game is paused: no round starts, by button or key
  await expect(page.getByTestId('play-button')).toBeDisabled();
  await expect(check.getByTestId('reality-check-continue')).toBeFocused();
  // the game's own key, from outside the dialog (Space on the focused button would answer it)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await expect(page.getByTestId('recent-round')).toHaveCount(0);
  await expect(check).toBeVisible();

  await check.getByTestId('reality-check-continue').click();
  await expect(check).toHaveCount(0);
  await expect(page.getByTestId('play-button')).toBeEnabled();
  await page.getByTestId('play-button').click();
  await expect(page.getByTestId('round-result')).toBeVisible();
  await expect(page.getByTestId('recent-round')).toHaveCount(1);

  // the next minute: the time played grew, the result shows the spin; this time the player leaves
  await page.clock.fastForward('01:00');
  await expect(check).toBeVisible();
  const second = Number((await check.getByTestId('reality-check-time').textContent())!.match(/\d+/)![0]);
  expect(second).toBeGreaterThan(first);
  await expect(check.getByTestId('reality-check-result')).toHaveText(/৳[\d,]+\.\d\d/);
  await check.getByTestId('reality-check-logout').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a 24-hour time-out logs the player out at once, and the login is refused with its end', async ({ page, request }) => {
  const account = unique('rgout');
  const password = 'Khela-break-24';
  const created = await request.post('/ops/members', { headers: ops, data: { account, nickname: account, type: 0, password } });
  expect(created.status(), await created.text()).toBe(201);

  const login = async () => {
    const modal = page.getByTestId('login-modal');
    await page.getByTestId('login-button').click();
    await expect(modal).toBeVisible();
    await modal.locator('input[name="username"]').fill(account);
    await modal.locator('input[name="password"]').fill(password);
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    return modal;
  };
  await page.goto('/');
  await login();
  await expect(page.getByTestId('logout-button')).toBeVisible();

  await page.goto('/member/responsibleGaming');
  await page.getByTestId('rg-exclude-24h').click();
  const confirm = page.getByTestId('rg-exclude-confirm');
  await expect(confirm).toContainText('Take a time-out for 24 hours?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('logout-button')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  // a fresh page (the live channel may have opened the login popup already: the platform does so
  // whenever the server ends a session), then the login
  await page.goto('/');

  const modal = await login();
  await expect(modal.getByTestId('auth-error')).toContainText('You chose a break from play: you can log in again from');
  await expect(page.getByTestId('logout-button')).toHaveCount(0);
  // the operators see it
  const seen = await request.get(`/ops/rg/members/${account}`, { headers: ops });
  expect((await seen.json()).value.exclusion).toMatchObject({ kind: 'TIMEOUT' });
});
