import { expect, test, type Page } from '@playwright/test';
import { gotoAs, memberToken, unique } from './support';

/**
 * PvP rooms (issue 13, GLS2_roomList) as a player sees them on the PvP page at a phone's 390 px:
 * the rooms of the card-game vendors that keep rooms, a vendor filter, each room's minimum entry,
 * seats and players online; joining needs a login and launches the room's game. Only the PvP page
 * fetches the rooms' code: the guest home does not.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
}

const rooms = (page: Page) => page.getByTestId('pvp-rooms').getByTestId('pvp-room');

test('a guest sees the rooms on the PvP page, filters them by vendor, and is asked to log in to join', async ({ page }) => {
  await english(page);
  await page.goto('/pvp');
  const section = page.getByTestId('pvp-rooms');
  await expect(section.getByRole('heading', { name: 'Rooms', level: 2 })).toBeVisible();
  await expect(rooms(page)).toHaveCount(6);
  const first = rooms(page).first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('Beginners table');
  await expect(first).toContainText('Card House');
  await expect(first.getByTestId('room-min-entry')).toHaveText('৳10.00');
  await expect(first).toContainText('Seats6');
  await expect(first).toContainText('Online128');
  // the vendors with rooms, and only those
  const vendors = section.getByTestId('room-vendors').getByRole('button');
  await expect(vendors).toHaveText(['All', 'Card House', 'Adda Cards', 'Kings Court']);
  await vendors.filter({ hasText: 'Adda Cards' }).click();
  await expect(rooms(page)).toHaveCount(2);
  await expect(rooms(page).first()).toContainText('Adda corner');
  // nothing spills sideways at 390 px
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('pvp-rooms-390.png'), fullPage: false });
  await rooms(page).first().getByRole('button', { name: 'Join Adda corner' }).click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

test('a member joins a room: its game launches on the card engine', async ({ page, request }) => {
  await english(page);
  const token = await memberToken(request, unique('rooms'));
  await gotoAs(page, '/pvp?vassalage=KINGSCOURT', token);
  await expect(page.getByTestId('header-user')).toBeVisible();
  // the page's vendor is preselected
  await expect(rooms(page)).toHaveCount(1);
  const code = (await rooms(page).first().getAttribute('data-game'))!;
  expect(code).toMatch(/^KINGSCOURT_/);
  await rooms(page).first().getByRole('button', { name: 'Join Royal hall' }).click();
  // a card game the platform's card engine plays: its game page, with a wallet token
  await expect(page).toHaveURL(new RegExp(`/play/${code}\\?token=`));
  await expect(page.getByTestId('game-page')).toBeVisible();
});

test('the rooms are in Bengali by default, and the guest home never fetches their code', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  const fetched: string[] = [];
  page.on('response', (r) => {
    fetched.push(r.url());
    if (/\.js(\?|$)/.test(r.url())) scripts.push(r.text().catch(() => ''));
  });
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('home-section-PVP')).toBeVisible();
  // no script the home loaded carries the rooms (their API path or their string namespace)
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.includes('GLS2_roomList') || b.includes('lobby-rooms'))).toEqual([]);
  expect(fetched.filter((u) => u.includes('GLS2_roomList'))).toEqual([]);
  await page.goto('/pvp');
  await expect(page.getByTestId('pvp-rooms').getByRole('heading', { name: 'রুম', level: 2 })).toBeVisible();
  await expect(rooms(page).first()).toContainText('নতুনদের টেবিল');
  await expect(rooms(page).first().getByRole('button', { name: 'নতুনদের টেবিল-এ যোগ দিন' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pvp-rooms-bn.png') });
  expect(fetched.some((u) => u.includes('GLS2_roomList'))).toBe(true);
});
