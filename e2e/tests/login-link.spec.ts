import { expect, test } from '@playwright/test';
import { loginCode, memberToken, unique } from './support';

// Login links (issue 15, hardening 5): a link carries a one-time code an operator issued, never a
// session token, and never replaces the session a tab already has.

test('a one-time login link signs a guest in once; a token in the address signs nobody in', async ({
  page,
  browser,
  request,
}) => {
  const token = await memberToken(request, unique('link'));
  // the old handover: a token in the query is dropped from the address bar and not used
  await page.goto(`/member/depositv2?token=${token}`);
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  const code = await loginCode(request, token);
  await page.goto(`/promotions?login=${code}`);
  await expect(page.getByTestId('logout-button')).toBeVisible();
  await expect(page).not.toHaveURL(/login=/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(token);

  // the same link a second time, in another browser: spent
  const other = await browser.newPage();
  await other.goto(`/promotions?login=${code}`);
  await expect(other.getByTestId('login-button')).toBeVisible();
  expect(await other.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await other.close();
});

test("a link for another member does not replace the tab's session", async ({ page, request }) => {
  const mine = await memberToken(request, unique('mine'));
  await page.goto(`/promotions?login=${await loginCode(request, mine)}`);
  await expect(page.getByTestId('logout-button')).toBeVisible();
  const theirs = await memberToken(request, unique('theirs'));
  await page.goto(`/promotions?login=${await loginCode(request, theirs)}`);
  await expect(page).not.toHaveURL(/login=/);
  await expect(page.getByTestId('logout-button')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(mine);
  // and the tab says why the link did nothing (in the page's language, BN by default)
  await expect(page.getByTestId('public-dialog')).toContainText('লগইন লিংকটি ব্যবহার করা হয়নি');
});
