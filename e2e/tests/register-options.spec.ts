import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, setSetting, unique } from './support';

/**
 * The register form's age confirmation (the operator asks 18 or 21) and dialing code (COUNTRYCODE3:
 * the operator's codes), both checked by the server too. Changes site-wide settings: runs alone.
 */
const ops = { 'X-Ops-Key': OPS_KEY };

function watchCaptcha(page: Page) {
  const seen = { id: '' };
  page.on('response', (res) => {
    if (res.url().includes('/wps/captcha')) seen.id = res.headers()['captcha-id'] ?? seen.id;
  });
  return async (request: APIRequestContext) => {
    await expect.poll(() => seen.id).not.toBe('');
    const res = await request.get(`/ops/test/captcha/${seen.id}`, { headers: ops });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).value.answer as string;
  };
}

test.use({ locale: 'en-GB' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
});
test.afterEach(async ({ request }) => {
  await setSetting(request, 'registrationAge', 0);
  await setSetting(request, 'dialingCodes', ['+880']);
});

test('the register form asks the operator’s age and offers its dialing codes', async ({ page, request }) => {
  await setSetting(request, 'registrationAge', 21);
  await setSetting(request, 'dialingCodes', ['+880', '+91']);
  const captcha = watchCaptcha(page);
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');
  await modal.locator('input[name="username"]').fill(unique('age'));
  await modal.locator('input[name="password"]').fill('Khela-secret-42');
  await modal.locator('input[name="confirmPassword"]').fill('Khela-secret-42');
  await modal.locator('input[name="captcha"]').fill(await captcha(request));
  await modal.getByTestId('register-terms').check();
  await modal.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(modal.getByTestId('register-age-error')).toHaveText('Please confirm that you are at least 21 years old');
  await expect(modal.getByTestId('register-age')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await modal.screenshot({ path: test.info().outputPath('register-age.png') });
  await modal.getByTestId('register-age').check();
  await modal.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();

  // the mobile tab offers the operator's dialing codes
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/register');
  await page.getByTestId('register-modal').getByRole('tab', { name: 'By mobile number' }).click();
  await expect(page.getByTestId('register-dialing-code').locator('option')).toHaveText(['+880', '+91']);
});
