import { expect, test, type Page, type Route } from '@playwright/test';
import { gotoAs, memberToken, unique } from './support';

interface AreaCase {
  remote: string;
  path: string;
  ready: string;
  token?: 'player' | 'agent';
  /** opens the area after the page loaded (the auth modals load on demand) */
  open?: (page: Page) => Promise<void>;
  hasHeader: boolean;
}

const AREAS: AreaCase[] = [
  { remote: 'lobby', path: '/', ready: 'home-page', hasHeader: true },
  { remote: 'auth-modals', path: '/', ready: 'login-modal', hasHeader: true, open: (p) => p.getByTestId('login-button').click() },
  { remote: 'member-centre', path: '/member/withdraw', ready: 'member-page-withdraw', token: 'player', hasHeader: true },
  { remote: 'agent-centre', path: '/agentHome', ready: 'agent-home', token: 'agent', hasHeader: false },
  { remote: 'promotions', path: '/promotions', ready: 'promotions-page', hasHeader: true },
  { remote: 'points-mall', path: '/pointMall', ready: 'point-mall', hasHeader: true },
  { remote: 'games', path: '/play/verify', ready: 'verify-page', hasHeader: true },
];

const FAILURES: Record<string, (route: Route) => Promise<void>> = {
  '404': (route) => route.fulfill({ status: 404, body: 'not found' }),
  abort: (route) => route.abort('connectionreset'),
};

for (const area of AREAS) {
  for (const [mode, fail] of Object.entries(FAILURES)) {
    test(`${area.remote}: assets that ${mode === '404' ? 'answer 404' : 'abort'} show the fallback in its area only, and retry recovers`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const pattern = `**/remotes/${area.remote}/**`;
      await page.route(pattern, fail);
      const token = area.token ? await memberToken(request, unique(area.token), area.token === 'agent' ? 1 : 0) : undefined;
      if (token) await gotoAs(page, area.path, token);
      else await page.goto(area.path);
      await area.open?.(page);

      const region = page.getByTestId(`area-${area.remote}`);
      await expect(region.getByTestId('area-unavailable')).toBeVisible({ timeout: 30_000 });
      await expect(region.getByTestId('area-unavailable')).toContainText('এই অংশটি এখন পাওয়া যাচ্ছে না');
      await expect(page.getByTestId('area-unavailable')).toHaveCount(1); // no other area is touched

      if (area.hasHeader) {
        // the header still works: the side menu opens and closes
        await page.getByTestId('side-menu-toggle').click();
        await expect(page.getByTestId('side-menu')).toHaveAttribute('aria-hidden', 'false');
        await page.getByTestId('side-menu-toggle').click();
      }

      await page.unroute(pattern);
      await region.getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
      await expect(page.getByTestId(area.ready)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('area-unavailable')).toHaveCount(0);
    });
  }
}

test('lobby: a module that throws stays in its area; retry recovers', async ({ page }) => {
  const pattern = '**/remotes/lobby/**/__federation_expose_HomePage*.js';
  await page.route(pattern, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: 'throw new Error("broken release")' }),
  );
  await page.goto('/');
  await expect(page.getByTestId('area-lobby').getByTestId('area-unavailable')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('header')).toBeVisible();
  await page.unroute(pattern);
  await page.getByTestId('area-lobby').getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 30_000 });
});

test('lobby: a remote that never arrives fails after the load time-out, with the slow-network hint', async ({ page }) => {
  test.setTimeout(90_000);
  const pattern = '**/remotes/lobby/**/mf-manifest.json';
  const stuck: import('@playwright/test').Route[] = [];
  await page.route(pattern, (route) => void stuck.push(route)); // never answers
  await page.goto('/');
  const region = page.getByTestId('area-lobby');
  await expect(region.getByTestId('area-unavailable')).toBeVisible({ timeout: 30_000 });
  await expect(region.getByTestId('area-unavailable')).toContainText('পাতা লোড হতে অনেক সময় লাগছে');
  await page.getByTestId('login-button').click(); // the rest of the page works
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  // the network comes back: the stuck request ends at last (else Chromium's cache holds the retry of
  // the same address behind it for 20 s), and the next ones are answered
  await page.unroute(pattern);
  await Promise.all(stuck.map((route) => route.abort('timedout').catch(() => undefined)));
  await region.getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 30_000 });
});
