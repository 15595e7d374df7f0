import { expect, test, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique } from './support';

/**
 * Issue 10's member centre: the frame (menu in three groups, account, balance and VIP at the top,
 * every page by URL and by the menu, guests and trial accounts turned away) and the security centre
 * (profile fields by the shared rules, the signed-in devices and "log out everywhere else"), at a
 * phone's 390 px, in EN and BN.
 */
const ops = { 'X-Ops-Key': OPS_KEY };

/** Nothing sticks out sideways at the page's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.use({ viewport: { width: 390, height: 844 } });

test('a guest gets the login popup and a trial account the real-account dialog', async ({ page, request }) => {
  await page.goto('/member/messageV2');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('member-centre')).toHaveCount(0);

  const trial = await memberToken(request, unique('mctrial'), 4);
  await gotoAs(page, '/member/securityCenter', trial);
  await expect(page.getByTestId('public-dialog')).toBeVisible();
  await expect(page.getByTestId('member-centre')).toHaveCount(0);
});

test('the frame: menu groups, the top, each page by the menu and by URL, BN and EN', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('mcframe');
  const token = await memberToken(request, account);
  await gotoAs(page, '/member', token);

  // /member opens the security centre; the top shows the account, the balance and the VIP label
  await expect(page.getByTestId('security-page')).toBeVisible();
  await expect(page.getByTestId('member-account')).toContainText(account);
  await expect(page.getByTestId('member-balance')).toContainText('৳0.00');
  await expect(page.getByTestId('member-vip')).toHaveText('VIP 0');
  for (const name of ['My account', 'Wallet', 'Red envelope']) await expect(page.getByRole('group', { name })).toBeVisible();
  // no unread item: no badge
  await expect(page.locator('.member-badge')).toHaveCount(0);
  expect(await fitsWidth(page)).toBe(true);

  // by the menu
  await page.getByTestId('menu-bonusDetails').click();
  await expect(page).toHaveURL(/\/member\/bonusDetails$/);
  await expect(page.getByTestId('member-page-bonusDetails')).toContainText('You have no bonuses yet.');
  await page.getByTestId('menu-personalHistoryCopy').click();
  await expect(page.getByTestId('bets-page')).toBeVisible();
  // the referral page (REFERRAL3 is on in the seed): the member's code and invite link
  await page.getByTestId('menu-referral').click();
  await expect(page.getByTestId('referral-code')).toHaveText(account.toUpperCase());
  await expect(page.getByTestId('referral-link')).toContainText(`/register?referralCode=${account.toUpperCase()}`);
  await expect(page.getByTestId('referral-count')).toHaveText('0');
  // by URL, in Bengali (a tab of its own: this one keeps English)
  const bn = await page.context().newPage();
  await bn.addInitScript(() => localStorage.setItem('hisLang', 'BN'));
  await gotoAs(bn, '/member/messageV2', token);
  await expect(bn.getByRole('group', { name: 'লাল খাম' })).toBeVisible();
  await expect(bn.getByTestId('member-page-messageV2')).toContainText('বার্তা');
  expect(await fitsWidth(bn)).toBe(true);
});

test('security centre: the profile by the shared rules, and log out everywhere else', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('mcsec');
  const token = await memberToken(request, account);
  await gotoAs(page, '/member/securityCenter', token);
  const form = page.getByTestId('profile-form');
  await expect(form).toBeVisible();

  // the browser checks with the shared rules before sending
  await page.getByTestId('profile-fullname').fill('Rahim');
  await page.getByTestId('profile-birthday').fill('2020-01-01');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-fullname-error')).toContainText('First and last name');
  await expect(page.getByTestId('profile-birthday-error')).toContainText('at least 18');

  await page.getByTestId('profile-nickname').fill('Rahim Bhai');
  await page.getByTestId('profile-fullname').fill('Rahim Uddin');
  await page.getByTestId('profile-birthday').fill('1990-01-31');
  await page.getByTestId('profile-whatsapp').fill('8801712345678');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();

  // kept: after a reload, and as the API tells it
  await page.reload();
  await expect(page.getByTestId('profile-fullname')).toHaveValue('Rahim Uddin');
  await expect(page.getByTestId('profile-birthday')).toHaveValue('1990-01-31');
  const info = await request.get('/wps/member/info', { headers: { Authorization: token } });
  expect((await info.json()).value.nickname).toBe('Rahim Bhai');

  // the server refuses what the browser would (a field the operator has not enabled, too)
  const bad = await request.put('/wps/member/profile', { headers: { Authorization: token }, data: { zalo: '84901234567' } });
  expect(bad.status()).toBe(400);

  // a second sign-in elsewhere; this page lists it and ends it
  const other = (await (await request.post('/ops/sessions', { headers: ops, data: { account } })).json()).value.token as string;
  await page.reload();
  await expect(page.getByTestId('device-current')).toBeVisible();
  await expect(page.getByTestId('device-other')).toHaveCount(1);
  expect(await fitsWidth(page)).toBe(true);
  await page.getByTestId('logout-others').click();
  await page.getByTestId('logout-others-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('logout-others-done')).toContainText('1 other device logged out.');
  await expect(page.getByTestId('device-other')).toHaveCount(0);
  expect((await request.get('/wps/member/info', { headers: { Authorization: other } })).status()).toBe(401);
  expect((await request.get('/wps/member/info', { headers: { Authorization: token } })).status()).toBe(200);
});
