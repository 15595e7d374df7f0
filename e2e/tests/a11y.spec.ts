import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/**
 * axe-core on every route of the storefront and every modal, in Bengali (the default) on a phone's
 * width: no serious or critical violation of WCAG 2.1 A and AA; and the entry routes, a member's
 * centre and the sign-in modal again in English (other words, other lengths, `lang="en"`).
 */

// Each test audits a few routes (axe is CPU-bound, a few seconds a route): the tests run in parallel
// across the workers rather than in one worker's queue, and a busy two-core machine still gives each
// one time enough.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

async function violations(page: Page, include?: string) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) axe = axe.include(include);
  const { violations: found } = await axe.analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens each path (waiting for what marks it ready) and collects what axe finds, route by route. */
async function auditRoutes(page: Page, routes: { path: string; ready: string }[], open = (p: string) => page.goto(p)) {
  const found: Record<string, string[]> = {};
  for (const { path, ready } of routes) {
    await open(path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const v = await violations(page);
    if (v.length) found[path] = v;
  }
  expect(found).toEqual({});
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

/** The routes four at a time: one test each. */
function groups<T>(list: T[], size = 4): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
const paths = (routes: { path: string }[]) => routes.map((r) => r.path).join(' ');

const PUBLIC_ROUTES = [
  { path: '/', ready: 'home-page' },
  { path: '/hot', ready: 'game-list-HOT' },
  { path: '/rng', ready: 'game-list-RNG' },
  { path: '/fish', ready: 'game-list-FISH' },
  { path: '/pvp', ready: 'game-list-PVP' },
  { path: '/sports', ready: 'game-centre-SPORTS' },
  { path: '/esports', ready: 'game-centre-ESPORTS' },
  { path: '/live', ready: 'game-centre-LIVE' },
  { path: '/lott', ready: 'game-centre-LOTT' },
  { path: '/elott', ready: 'game-centre-ELOTT' },
  { path: '/promotions', ready: 'promotions-page' },
  { path: '/notice', ready: 'notice-centre' },
  { path: '/helpmc', ready: 'footer' },
  { path: '/noticecontent', ready: 'footer' },
  { path: '/pointMall', ready: 'point-mall' },
  { path: '/agent', ready: 'agent-landing' },
];

for (const routes of groups(PUBLIC_ROUTES))
  test(`the public routes ${paths(routes)} have no serious accessibility violation`, async ({ page }) => {
    await auditRoutes(page, routes);
  });

test('the desktop layout has no serious accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await auditRoutes(page, [
    { path: '/', ready: 'home-page' },
    { path: '/rng', ready: 'game-list-RNG' },
  ]);
});

const MEMBER_ROUTES = [
  { path: '/favorite', ready: 'game-list-view' },
  { path: '/recent', ready: 'game-list-view' },
  { path: '/lottery', ready: 'footer' },
  { path: '/vnLottery', ready: 'footer' },
  { path: '/member', ready: 'member-centre' },
  { path: '/member/securityCenter', ready: 'security-page' },
  { path: '/member/referral', ready: 'referral-page' },
  { path: '/member/withdraw', ready: 'withdraw-page' },
  { path: '/member/depositv2', ready: 'deposit-page' },
  { path: '/member/personalHistoryCopy', ready: 'bets-page' },
  { path: '/member/transactionHistory', ready: 'movements-page' },
  { path: '/member/personalProfit', ready: 'profit-page' },
  { path: '/member/responsibleGaming', ready: 'rg-page' },
];

for (const routes of groups(MEMBER_ROUTES))
  test(`the member routes ${paths(routes)} have no serious accessibility violation`, async ({ page, request }) => {
    const token = await memberToken(request, unique('a11y'));
    await gotoAs(page, '/', token);
    await expect(page.getByTestId('logout-button')).toBeVisible();
    // the session stays in the tab: the other member routes open as they would from a link
    await auditRoutes(page, routes);
  });

test('in English, the entry routes and the sign-in modal have no serious violation', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await auditRoutes(page, [
    { path: '/', ready: 'home-page' },
    { path: '/rng', ready: 'game-list-RNG' },
    { path: '/promotions', ready: 'promotions-page' },
    { path: '/pointMall', ready: 'point-mall' },
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('login-button').click();
  await modal(page, 'login-modal');
});

test('in English, the member centre has no serious violation', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const token = await memberToken(request, unique('a11yen'));
  await gotoAs(page, '/member', token);
  await auditRoutes(page, [
    { path: '/member', ready: 'member-centre' },
    { path: '/member/depositv2', ready: 'deposit-page' },
    { path: '/member/responsibleGaming', ready: 'rg-page' },
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the agent centre has no serious accessibility violation', async ({ page, request }) => {
  const token = await memberToken(request, unique('a11yagent'), 1);
  await gotoAs(page, '/agentHome', token);
  await expect(page.getByTestId('agent-home')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

async function modal(page: Page, testId: string) {
  const m = page.getByTestId(testId);
  await expect(m).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page), testId).toEqual([]);
}

async function memberWithPassword(request: APIRequestContext, account: string, password: string) {
  const res = await request.post('/ops/members', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { account, nickname: account, type: 0, password, defaultPassword: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('the sign-in modals (login, forgot password, register) have no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await modal(page, 'login-modal');
  await page.getByTestId('login-modal').getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).click();
  await modal(page, 'forgot-modal');
  await page.keyboard.press('Escape');
  await page.goto('/register');
  await modal(page, 'register-modal');
});

test('the help and notice modals have no serious accessibility violation', async ({ page }) => {
  await page.goto('/help');
  await modal(page, 'helpModal');
  await page.goto('/');
  await page.getByTestId('notice-marquee').click();
  await modal(page, 'noticeModal');
});

test('the forced password change after a login with the default password has no serious accessibility violation', async ({
  page,
  request,
}) => {
  const account = unique('a11ypw');
  await memberWithPassword(request, account, 'Initial-pass-5');
  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.locator('input[name="username"]').fill(account);
  await login.locator('input[name="password"]').fill('Initial-pass-5');
  await login.locator('button[type="submit"]').click();
  await modal(page, 'change-password-modal');
});

test('the shell’s information dialog (a trial account on a page for real accounts) has no serious accessibility violation', async ({
  page,
  request,
}) => {
  const trial = await memberToken(request, unique('a11ytrial'), 4);
  await gotoAs(page, '/member/withdraw', trial);
  await modal(page, 'public-dialog');
});
