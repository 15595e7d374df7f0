import { expect, test, type Page } from '@playwright/test';
import { gotoAs, memberToken, unique } from './support';

/** Pages in English (the stored language choice, as the language select leaves it). */
async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
}

/** Opens a page as a member and waits until the session is known. */
async function openAs(page: Page, path: string, token: string) {
  await gotoAs(page, path, token);
  await expect(page.getByTestId('header-user')).toBeVisible();
}

const tiles = (page: Page) => page.getByTestId('game-list-view').getByTestId('game-tile');

test('the home lobby: banners, notices, game menu, winners board and the sections in order', async ({ page }) => {
  await english(page);
  await page.goto('/');
  const home = page.getByTestId('home-page');
  await expect(home.getByTestId('home-banners')).toBeVisible();
  await expect(home.getByTestId('home-banners')).toContainText('Welcome bonus');
  await expect(home.getByTestId('notice-marquee')).toContainText('Scheduled maintenance');
  await expect(home.getByTestId('menu-ESPORTS')).toBeVisible();
  // a guest has no recent section; e-sports and cockfight are split out of sports (the sections
  // below the fold may arrive after the first ones: polled until complete)
  await expect
    .poll(() =>
      home
        .locator('[data-testid^="home-section-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('home-section-'.length))),
    )
    .toEqual(['HOT', 'LOBBY', 'FAV', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT']);
  await expect(home.getByTestId('home-section-HOT').getByTestId('game-tile')).toHaveCount(6);
  await expect(home.getByTestId('home-section-RNG').getByTestId('game-tile')).toHaveCount(6);
  const sports = home.getByTestId('home-section-SPORTS').getByTestId('vendor-tile');
  await expect(sports.first()).toBeVisible();
  expect(await sports.count()).toBeLessThanOrEqual(5);
  await expect(home.getByTestId('home-section-ESPORTS').getByTestId('vendor-tile').first()).toBeVisible();
  // the New switch changes More to ?gameCategory=NEW, which preselects the NEW tab
  const rng = home.getByTestId('home-section-RNG');
  await expect(rng.getByTestId('more-RNG')).toHaveAttribute('href', '/rng');
  await rng.getByRole('button', { name: 'New' }).click();
  await expect(rng.getByTestId('more-RNG')).toHaveAttribute('href', '/rng?gameCategory=NEW');
  await rng.getByTestId('more-RNG').click();
  await expect(page.getByTestId('tab-NEW')).toHaveAttribute('aria-selected', 'true');
  await expect(tiles(page).first()).toBeVisible();
});

test('the winners board shows the largest wins first and scrolls, 3 rows at a time', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' }); // the runs reduce motion (playwright.config.ts)
  await page.goto('/');
  const board = page.getByTestId('winners-board');
  await expect(board.getByTestId('winner-row')).toHaveCount(20);
  const amounts = await board
    .getByTestId('winner-row')
    .locator('[data-amount]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-amount'))));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  const window = await board.locator('.lobby-winners__window').boundingBox();
  const row = await board.getByTestId('winner-row').first().boundingBox();
  expect(Math.round(window!.height / row!.height)).toBe(3);
  // it moves up: the list's vertical offset turns negative
  await expect
    .poll(() => board.locator('ol').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42))
    .toBeLessThan(0);
  // it stands still while off the screen, and moves again when back
  const playState = () => board.locator('ol').evaluate((el) => getComputedStyle(el).animationPlayState);
  expect(await playState()).toBe('running');
  await page.getByTestId('footer').scrollIntoViewIfNeeded();
  await expect.poll(playState).toBe('paused');
  await board.scrollIntoViewIfNeeded();
  await expect.poll(playState).toBe('running');
});

test('browse each category: game lists show games, centres show vendors and games', async ({ page }) => {
  await english(page);
  for (const [path, id] of [
    ['/rng', 'game-list-RNG'],
    ['/fish', 'game-list-FISH'],
    ['/pvp', 'game-list-PVP'],
    ['/hot', 'game-list-HOT'],
  ]) {
    await page.goto(path);
    await expect(page.getByTestId(id)).toBeVisible();
    await expect(tiles(page)).toHaveCount(18);
    await expect(page.getByTestId('vendor-carousel')).toBeVisible();
  }
  await page.goto('/fish');
  await expect(tiles(page).first()).toBeVisible();
  await expect(page.getByTestId('classify-menu')).toHaveCount(0); // Fish has only All
  for (const [path, id] of [
    ['/live', 'LIVE'],
    ['/sports', 'SPORTS'],
    ['/esports', 'ESPORTS'],
    ['/lott', 'LOTT'],
    ['/elott', 'ELOTT'],
    ['/sports?category=COCKFIGHT', 'COCKFIGHT'],
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('vendor-tile').first()).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();
    const types = await tiles(page).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-game-type')))]);
    expect(types).toEqual([id]);
  }
  // vendor tiles of the centres have a play-now button
  await page.goto('/live');
  await expect(page.getByTestId('vendor-tile').first().getByTestId('vendor-play')).toBeVisible();
});

test('a game list filters by vendor, by classify, searches (debounced) and pages', async ({ page }) => {
  await english(page);
  await page.goto('/rng');
  await expect(tiles(page)).toHaveCount(18);
  await page.getByTestId('vendor-search').fill('tiger');
  await expect(page.getByTestId('vendor-carousel').getByRole('option')).toHaveCount(2); // ALL and Tiger Spin Studio
  await page.getByTestId('vendor-TIGERSPIN').click();
  await expect(page.getByTestId('vendor-TIGERSPIN')).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => tiles(page).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-vendor')))]))
    .toEqual(['TIGERSPIN']);

  // pages: 2 margin pages and a range of 5
  const firstPage = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
  await page.getByTestId('pagination').getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('game-list-view')).toHaveAttribute('data-page', '2');
  await expect.poll(() => tiles(page).first().getAttribute('data-node')).not.toBe(firstPage[0]);
  const second = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
  expect(second.filter((n) => firstPage.includes(n))).toEqual([]);

  // a classify resets the page to 1
  await page.getByTestId('classify-menu').getByRole('button', { name: 'Video slots' }).click();
  await expect(page.getByTestId('game-list-view')).toHaveAttribute('data-page', '1');

  // search: from the NEW tab, typing goes back to ALL
  await page.getByTestId('vendor-ALL').click();
  await page.getByTestId('tab-NEW').click();
  await page.getByTestId('game-search').fill('Golden');
  await expect(page.getByTestId('tab-ALL')).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => tiles(page).evaluateAll((els) => els.every((e) => /golden/i.test(e.textContent ?? '')) && els.length > 0))
    .toBe(true);
  await page.getByTestId('game-search').fill('zzqqxx');
  await expect(page.getByTestId('empty-state')).toHaveText('No games here yet.');
  await expect(page.getByTestId('pagination')).toHaveCount(0);
});

test('on a phone the classify menu is one line that scrolls sideways, and its last entry can be chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/rng');
  const menu = page.getByTestId('classify-menu');
  const buttons = menu.getByRole('button');
  await expect(buttons.first()).toBeVisible();
  const [menuBox, chipBox] = [await menu.boundingBox(), await buttons.first().boundingBox()];
  expect(Math.round(menuBox!.height)).toBe(Math.round(chipBox!.height));
  // the page itself never scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const last = buttons.last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('game-list-view')).toHaveAttribute('data-page', '1');
});

for (const { width, rows } of [
  { width: 390, rows: 2 },
  { width: 700, rows: 2 },
  { width: 1280, rows: 1 },
])
  test(`at ${width} px the filters and the name search take ${rows} row(s), in BN and in EN alike`, async ({ page }) => {
    // the rows follow the list's width only: a label's width (the language, or the web font arriving
    // after the system font) never moves the search to another row
    await page.setViewportSize({ width, height: 900 });
    const layout = async () => {
      const tabs = (await page.getByRole('tablist').boundingBox())!;
      const search = (await page.getByTestId('game-search').boundingBox())!;
      return search.y > tabs.y + tabs.height - 1 ? 2 : 1;
    };
    await page.goto('/rng');
    await expect(page.getByTestId('game-grid')).toBeVisible();
    expect(await layout()).toBe(rows);
    await english(page);
    await page.goto('/rng');
    await expect(page.getByTestId('game-grid')).toBeVisible();
    expect(await layout()).toBe(rows);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

test('favourites: a guest gets the login popup; a member keeps them across a reload', async ({ page, request }) => {
  await english(page);
  await page.goto('/rng');
  await tiles(page).first().getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-FAV').click(); // favourites need login too
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tab-ALL')).toHaveAttribute('aria-selected', 'true');

  const token = await memberToken(request, unique('fav'));
  await openAs(page, '/rng', token);
  const tile = tiles(page).nth(2);
  const node = await tile.getAttribute('data-node');
  const saved = page.waitForResponse((r) => r.url().includes('MCSFE_addFavoriteGameV2') && r.ok());
  await tile.getByTestId('favourite-toggle').click();
  await expect(tile.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await saved;
  await page.reload();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expect(page.locator(`[data-testid="game-tile"][data-node="${node}"]`).getByTestId('favourite-toggle')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId('tab-FAV').click();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toHaveAttribute('data-node', node!);
  // removing takes it out of the list at once
  await tiles(page).first().getByTestId('favourite-toggle').click();
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('a trial account gets the real-account dialog for favourites and real play', async ({ page, request }) => {
  const token = await memberToken(request, unique('trial'), 4);
  await openAs(page, '/rng', token);
  await tiles(page).first().getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('public-dialog')).toContainText('আসল অ্যাকাউন্ট');
});

test('a launch of a live-casino game (no engine plays it) opens the platform launch page, honestly not connected, and the game appears in recent', async ({
  page,
  request,
}) => {
  await english(page);
  const token = await memberToken(request, unique('play'));
  await openAs(page, '/live', token);
  const tile = tiles(page).first();
  const node = await tile.getAttribute('data-node');
  const name = (await tile.locator('h3').textContent())!;
  await tile.getByTestId('play-now').click();
  await expect(page).toHaveURL(/\/seamless\?ticket=[\w-]{22}$/);
  await expect(page.getByTestId('launch-page')).toBeVisible();
  await expect(page.getByTestId('launch-game-name')).toHaveText(name);
  await expect(page.getByTestId('not-connected')).toContainText('not connected');
  await page.goto('/recent');
  await expect(page.getByTestId('account-list-recent')).toBeVisible();
  await expect(tiles(page).first()).toHaveAttribute('data-node', node!);
  await page.goto('/live');
  await page.getByTestId('tab-RECENT').click();
  await expect(tiles(page).first()).toHaveAttribute('data-node', node!);
});

test('home: recent games show only when logged in and not empty (slots)', async ({ page, request }) => {
  await english(page);
  const token = await memberToken(request, unique('recent'));
  await openAs(page, '/', token);
  await expect(page.getByTestId('home-section-HOT')).toBeVisible();
  await expect(page.getByTestId('home-section-RECENT')).toHaveCount(0);
  // the list comes with the page and is drawn before the session's token is checked: a click then
  // (the check held here until after it) is kept, and the game opens once the check has answered
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/wps/member/info', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/rng', { waitUntil: 'commit' });
  await tiles(page).first().getByTestId('play-now').click();
  await expect(page.getByTestId('header-user')).toHaveCount(0); // still checking
  await expect(page.getByTestId('login-form')).toHaveCount(0); // and no login popup for a member
  release();
  // a slot: the platform studio plays it, on its own game page with the launch's wallet token
  await expect(page).toHaveURL(/\/play\/[A-Z0-9_]+\?token=[\w-]{43}$/);
  await page.goto('/');
  await expect(page.getByTestId('home-section-RECENT').getByTestId('game-tile')).toHaveCount(1);
});

test('a VASSALAGE entry opens the vendor popup list', async ({ page }) => {
  await english(page);
  await page.goto('/live');
  await page.getByTestId('game-search').fill('all tables');
  const entry = tiles(page).filter({ hasText: 'Jamuna Live: all tables' });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: 'View games' }).click();
  const popup = page.getByTestId('vendor-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('game-tile').first()).toBeVisible();
  const vendors = await popup
    .getByTestId('game-tile')
    .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-vendor')))]);
  expect(vendors).toEqual(['JAMUNALIVE']);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
});

test('the header vendor menu per type, large above 10 vendors', async ({ page }) => {
  await english(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const drop = page.getByTestId('header-drop-RNG');
  // the menu opens on hover: hover again if the header was still settling (its balance and counts
  // arrive after the first paint) when the mouse first arrived
  await expect(async () => {
    await page.getByTestId('header-menu-RNG').hover();
    await expect(drop).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(drop).toHaveAttribute('data-large', 'true');
  await expect(page.getByTestId('header-drop-SPORTS')).toHaveAttribute('data-large', 'false');
  await drop.getByRole('link', { name: 'Hilsa Gaming' }).click();
  await expect(page).toHaveURL(/\/rng\?vassalage=HILSA$/);
  await expect
    .poll(() => tiles(page).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-vendor')))]))
    .toEqual(['HILSA']);
});

test('lottery pages: prize mode from the lottery group, opened numbers, and the launch', async ({ page, request }) => {
  await english(page);
  const token = await memberToken(request, unique('lotto'));
  await gotoAs(page, '/vnLottery?gameCode=VN_NORTH', token);
  await expect(page.getByTestId('lottery-game')).toHaveText('Vietnam North');
  await expect(page.getByTestId('prize-mode')).toHaveText('Prize mode: ELOTT'); // the group holds LOTT cards
  await expect(page.getByTestId('opened-numbers').locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('draw-countdown')).toHaveText(/^(\d+:)?\d\d:\d\d$/);
  await page.getByTestId('lottery-play').click();
  await expect(page.getByTestId('launch-page')).toContainText('Prize mode: ELOTT');
});

test('BN lottery page: the countdown to the next draw in Bengali digits', async ({ page, request }) => {
  const token = await memberToken(request, unique('lotto'));
  await gotoAs(page, '/vnLottery?gameCode=VN_NORTH', token);
  await expect(page.getByTestId('draw-countdown')).toHaveText(/^([০-৯]+:)?[০-৯]{2}:[০-৯]{2}$/);
});

test('BN by default, EN after the language switch: titles and game names follow', async ({ page }) => {
  await page.goto('/rng');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('স্লট');
  await expect(tiles(page).first()).toBeVisible();
  const bnNames = await tiles(page).locator('h3').allTextContents();
  expect(bnNames.filter((n) => /[\u0980-\u09FF]/.test(n)).length).toBeGreaterThan(10);
  await page.getByTestId('side-menu-toggle').click();
  await page.getByTestId('language-select').selectOption('EN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slots');
  await expect(page.getByTestId('tab-ALL')).toHaveText('All');
  await expect
    .poll(async () => (await tiles(page).locator('h3').allTextContents()).filter((n) => /[\u0980-\u09FF]/.test(n)).length)
    .toBe(0);
  await page.goto('/');
  await expect(page.getByTestId('home-section-HOT').getByRole('heading', { level: 2 })).toHaveText('Hot games');
});
