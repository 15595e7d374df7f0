import { expect, test } from '@playwright/test';
import { gotoAs, memberToken, setFlag, setSetting, unique, watchCsp } from './support';

// the Content-Security-Policy blocks nothing the pages load (scripts, federation manifests, styles,
// fonts, images, the live channel, the payment sandbox page)
let cspRefusals: string[] = [];
test.beforeEach(({ context }) => {
  cspRefusals = watchCsp(context);
});
test.afterEach(() => {
  expect(cspRefusals).toEqual([]);
});

test('the home page renders in BN by default and switches to EN', async ({ page }) => {
  const res = await page.goto('/');
  // security headers on the page (server/src/http/security-headers.ts)
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res!.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('খেলায় স্বাগতম');
  await expect(page.getByTestId('login-button')).toHaveText('লগইন');
  await page.getByTestId('side-menu-toggle').click();
  await page.getByTestId('language-select').selectOption('EN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Khela');
  await expect(page.getByTestId('login-button')).toHaveText('Log in');
  expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toBe('EN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Khela');
});

test('each remote renders at one of its routes, and the page holds one React DOM', async ({ page, request }) => {
  // Every React DOM renderer registers itself with the devtools hook: count them.
  await page.addInitScript(() => {
    const w = window as unknown as { __renderers: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__renderers = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject() {
        w.__renderers += 1;
        return w.__renderers;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  const agent = await memberToken(request, unique('agent'), 1);
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible(); // lobby
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('login-modal')).toBeVisible(); // auth-modals
  // Escape closes it once the modal's key listener is attached (an effect after the first paint:
  // on a loaded machine a key pressed right away can come before it)
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-modal')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // the header's own menu folds away on narrow windows: click a promotions link that is on screen
  await page.getByRole('link', { name: 'প্রমোশন', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByTestId('promotions-page')).toBeVisible(); // promotions, client-side navigation
  await page.goto('/pointMall');
  await expect(page.getByTestId('point-mall')).toBeVisible(); // points-mall
  await page.goto('/play/verify');
  await expect(page.getByTestId('verify-page')).toBeVisible(); // games
  await expect(page.getByTestId('header')).toBeVisible(); // with the header,
  await expect(page.getByTestId('footer')).toHaveCount(0); // without the footer
  await gotoAs(page, '/member/withdraw', agent);
  await expect(page.getByTestId('member-page-withdraw')).toBeVisible(); // member-centre
  await expect(page).not.toHaveURL(/login=/);
  await page.goto('/agentHome');
  await expect(page.getByTestId('agent-home')).toBeVisible(); // agent-centre (session kept in the tab)
  await expect(page.getByTestId('header')).toHaveCount(0); // no header on agent pages
  expect(await page.evaluate(() => (window as unknown as { __renderers: number }).__renderers)).toBe(1);
});

test('the maintenance and blocked pages follow the server status', async ({ page, request }) => {
  try {
    await setSetting(request, 'maintenance', true);
    await page.goto('/');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByTestId('customer-service-button')).toBeVisible();

    await setSetting(request, 'regionRestriction', true);
    await page.reload();
    await expect(page.getByTestId('maintenance-page')).toBeVisible(); // maintenance wins over region

    await setSetting(request, 'maintenance', false);
    await page.reload();
    await expect(page.getByTestId('blocked-page')).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toContainText('127.0.0.1');
    await expect(page.getByTestId('customer-service-button')).toBeVisible();

    await setSetting(request, 'regionAllowList', ['127.0.0.0/8']);
    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
  } finally {
    await setSetting(request, 'maintenance', false);
    await setSetting(request, 'regionRestriction', false);
    await setSetting(request, 'regionAllowList', []);
  }
});

test('/vnLottery without a token goes to /login, with the login popup', async ({ page, request }) => {
  await page.goto('/vnLottery?gameCode=VN_NORTH');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-modal')).toBeVisible();
  const token = await memberToken(request, unique('player'));
  await gotoAs(page, '/vnLottery?gameCode=VN_NORTH', token);
  await expect(page.getByTestId('lottery-VN')).toBeVisible();
});

test('/agentHome sends a player to /agent, and a guest on /member gets the login popup', async ({ page, request }) => {
  const player = await memberToken(request, unique('player'));
  await gotoAs(page, '/agentHome', player);
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByTestId('agent-landing')).toBeVisible();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/member/depositv2');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('logout asks, then returns home as a guest', async ({ page, request }) => {
  const token = await memberToken(request, unique('player'));
  await gotoAs(page, '/promotions', token);
  await page.getByTestId('logout-button').click();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'নিশ্চিত করুন' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-button')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('the API docs page renders under the Content-Security-Policy', async ({ page }) => {
  await page.goto('/wps/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Khela platform API');
});

test("the side menu in the spec's order, for a visitor and a member; it closes when a game list loads", async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await page.setViewportSize({ width: 390, height: 844 });
  const ORDER = [
    'Home',
    'Hot',
    'Recent',
    'Hot',
    'Lobby',
    'Favourites',
    'Slots',
    'Live casino',
    'Fishing',
    'Sports',
    'E-sports',
    'Card games',
    'Cockfight',
    'Lottery',
    'News',
    'Reward centre',
  ];
  const AFTER = ['Promotions', 'Live chat', 'Facebook', 'Instagram', 'Telegram'];
  const menu = page.getByTestId('side-menu');
  const items = () => menu.locator('nav li').allInnerTexts();

  await page.goto('/');
  await page.getByTestId('side-menu-toggle').click();
  await expect(menu).toHaveAttribute('aria-hidden', 'false');
  await expect.poll(items).toEqual([...ORDER, 'Invite friends', ...AFTER]);
  await expect(menu.getByTestId('language-select')).toBeVisible();
  // the merchant codes in session storage
  expect(await page.evaluate(() => [sessionStorage.getItem('merchant'), sessionStorage.getItem('merchantCode')])).toEqual([
    'KHELA',
    'KHELA',
  ]);
  await menu.getByRole('link', { name: 'Slots' }).click();
  await expect(page).toHaveURL(/\/rng$/);
  await expect(menu).toHaveAttribute('aria-hidden', 'true');

  // a member: invite follows REFERRAL3
  await gotoAs(page, '/', await memberToken(request, unique('menu')));
  await expect(page.getByTestId('logout-button')).toBeVisible();
  await page.getByTestId('side-menu-toggle').click();
  await expect.poll(items).toEqual([...ORDER, 'Invite friends', ...AFTER]);
  await setFlag(request, 'REFERRAL3', false);
  try {
    await page.reload();
    await page.getByTestId('side-menu-toggle').click();
    await expect.poll(items).toEqual([...ORDER, ...AFTER]);
  } finally {
    await setFlag(request, 'REFERRAL3', true);
  }
});
