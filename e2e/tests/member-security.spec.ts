import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { OPS_KEY, gotoAs, setSetting, unique } from './support';

/**
 * Issue 10's member centre, the rest of it: an authenticator app set up in the security centre
 * whose code then passes the login's extra verification; the manual rebate claimed once after a
 * round of play; feedback sent with an image.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const PASSWORD = 'Khela-secret-42';
const SLOT = 'Bengal Tiger Reels';
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('authenticator, rebate and feedback', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await page.setViewportSize({ width: 390, height: 844 });
  const account = unique('sec');
  const created = await request.post('/ops/members', {
    headers: ops,
    data: { account, nickname: account, type: 0, password: PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = (await (await request.post('/ops/sessions', { headers: ops, data: { account } })).json()).value.token as string;

  // the authenticator app: scan (here: read the key), confirm with the current code, recovery codes once
  await gotoAs(page, '/member/securityCenter', token);
  await page.getByTestId('totp-setup-start').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const now = () => Math.floor(Date.now() / 1000);
  await page.getByTestId('totp-confirm-code').fill(generateSync({ secret, epoch: now() }));
  await page.getByTestId('totp-confirm-submit').click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(8);
  await page.getByTestId('totp-done').click();
  await expect(page.getByTestId('totp-on')).toContainText('8 recovery codes left');

  // a login from a new place asks for the app's code (the confirming step is used: the next step's code)
  const known = await request.post('/ops/test/known-ip', { headers: ops, data: { account, ip: '10.20.30.40' } });
  expect(known.ok()).toBeTruthy();
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const fresh = await other.newPage();
  await fresh.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await fresh.goto('/');
  await fresh.getByTestId('login-button').click();
  const login = fresh.getByTestId('login-modal');
  await login.locator('input[name="username"]').fill(account);
  await login.locator('input[name="password"]').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  const verify = fresh.getByTestId('login-verification');
  await expect(verify).toContainText('Open your authenticator app');
  await verify.locator('input[name="code"]').fill(generateSync({ secret, epoch: now() + 30 }));
  await verify.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(fresh.getByTestId('logout-button')).toBeVisible();
  await other.close();

  // a round of the slot, paid by a deposit, then the rebate (5% of the valid bet on RNG games)
  await setSetting(request, 'rebateRates', { RNG: 500 });
  await page.goto('/member/depositv2');
  await page.getByTestId('channel-BKASH').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.locator('[data-state="paid"]')).toBeVisible();
  await popup.close();
  await page.goto('/rng');
  await page.getByTestId('game-search').fill(SLOT);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: SLOT }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'REAL');
  await page.locator('body').press('Space');
  await expect(page.getByTestId('round-result')).toBeVisible();

  await page.goto('/member/manualRebate');
  await expect(page.getByTestId('rebate-lines')).toContainText('RNG');
  await page.getByTestId('rebate-claim').click();
  await expect(page.getByTestId('rebate-claimed')).toContainText('was added to your wallet');
  await page.reload();
  await expect(page.getByTestId('rebate-claimed-today')).toBeVisible();
  await expect(page.getByTestId('rebate-claim')).toBeDisabled();
  const again = await request.post('/wps/member/rebate', { headers: { Authorization: token }, data: {} });
  expect((await again.json()).errorCode).toBe('REBATE_ALREADY_CLAIMED');

  // feedback with an image, uploaded with its progress bar
  await setSetting(request, 'feedbackWords', { min: 3, max: 100 });
  await page.goto('/member/messageV2');
  await page.getByTestId('messages-tab-feedback').click();
  await page.getByTestId('feedback-content').fill('The slot was fun, add more please');
  await page.getByTestId('feedback-files').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const listed = (await (await request.get('/ops/feedback?limit=5', { headers: ops })).json()).value as {
    account: string;
    images: { contentType: string }[];
  }[];
  expect(listed.find((f) => f.account === account.toLowerCase())?.images).toEqual([
    expect.objectContaining({ contentType: 'image/png' }),
  ]);
});
