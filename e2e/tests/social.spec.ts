import { expect, test } from '@playwright/test';
import { ALONE_PORT } from './platforms';
import { OPS_KEY, setFlag } from './support';

// Social sign-in (issue 13) against a real OpenID provider the end-to-end server starts beside the
// platform (oidc-provider; its development login page takes any name): the login popup offers the
// provider, the browser goes there and back, and a new member is created and signed in.
const ops = { 'X-Ops-Key': OPS_KEY };
// an `alone` file: the platform on ALONE_PORT, its provider 1000 above (scripts/e2e-server.mjs)
const issuer = `http://127.0.0.1:${ALONE_PORT + 1000}`;

test.use({ locale: 'en-GB' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await page.setViewportSize({ width: 390, height: 844 });
});

test('a player signs in with an OpenID provider: a new member is created and signed in, and comes back to the same page', async ({
  page,
  request,
}) => {
  const configured = await request.put('/ops/social/providers/testid', {
    headers: ops,
    data: { label: 'Test ID', issuer, clientId: 'khela', clientSecret: 'khela-test-secret' },
  });
  expect(configured.status(), await configured.text()).toBe(200);
  await setFlag(request, 'SOCIALLOGIN3', true);
  try {
    await page.goto('/promotions');
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('login-modal');
    await modal.getByRole('button', { name: 'Continue with Test ID' }).click();
    // the provider's own pages
    await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
    const subject = `player-${Date.now().toString(36)}`;
    await page.locator('input[name="login"]').fill(subject);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    // back where the sign-in started, logged in, the code gone from the address bar
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByTestId('logout-button')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('nickname'))).toBe(`Player ${subject}`);
    await expect(modal).toBeHidden();
  } finally {
    await setFlag(request, 'SOCIALLOGIN3', false);
  }
});

test('a sign-in that comes back refused says why in the login popup', async ({ page }) => {
  await page.goto('/#socialError=SOCIAL_LOGIN_EXPIRED');
  const modal = page.getByTestId('login-modal');
  await expect(modal.getByTestId('social-error')).toHaveText('The sign-in took too long or was already used: please try again.');
  await expect(modal.locator('input[name="username"]')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});
