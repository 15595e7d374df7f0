import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/** The platform's own games (the studio's KHELA vendor), played in the games remote. */
// the games' own motion (reels, dice, dealt cards) is what these rounds play through: the runs
// reduce motion elsewhere (playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

const SLOT = 'Bengal Tiger Reels';
const DICE = 'Khela Dice';
const ANDAR_BAHAR = 'Andar Bahar';

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
}

/** Credits a member's main wallet (an operator's manual adjustment), in poisha. */
async function credit(request: APIRequestContext, account: string, amount: string) {
  const res = await request.post('/ops/wallet/adjustments', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { account, amount, reason: 'e2e: money to play with', operator: 'e2e' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The member's main wallet as the storefront reads it, in poisha. */
async function mainBalance(request: APIRequestContext, token: string): Promise<bigint> {
  const res = await request.get('/wps/v2/wallets/balance', { headers: { Authorization: token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const wallets = (await res.json()).value.wallets as { walletCode: string; balance: string }[];
  return BigInt(wallets.find((w) => w.walletCode === 'MAIN')!.balance);
}

/** Opens a category page as a member and launches a game found by its name. */
async function launch(page: Page, path: string, token: string, name: string, mode: 'play-now' | 'free-trial' = 'play-now') {
  await gotoAs(page, path, token);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.getByTestId('game-search').fill(name);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: name }).first();
  await expect(tile).toBeVisible();
  await tile.hover();
  await tile.getByTestId(mode).click();
  await expect(page).toHaveURL(/\/play\/KHELA_[A-Z_]+\?token=/);
  await expect(page.getByTestId('game-page')).toBeVisible();
}

/** The figures of a round as the recent list shows it. */
const money = (text: string | null) => BigInt(text!.replace(/[^\d]/g, ''));

test('a member with money launches the slot from the lobby, spins with the keyboard and verifies the round', async ({
  page,
  request,
}) => {
  await english(page);
  const account = unique('slot');
  const token = await memberToken(request, account);
  await credit(request, account, '50000'); // ৳500.00
  await launch(page, '/rng', token, SLOT);

  const game = page.getByTestId('game-page');
  await expect(game).toHaveAttribute('data-mode', 'REAL');
  await expect(page.getByTestId('game-name')).toHaveText(SLOT);
  await expect(page.getByTestId('game-balance')).toHaveText('৳500.00');
  await expect(page.getByTestId('header')).toBeVisible(); // the header stays while playing
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await expect(page.getByTestId('rounds-panel')).toContainText('No rounds yet');

  // the keyboard alone: a stake up, then Space
  const stake = page.getByTestId('stake-value');
  const first = await stake.textContent();
  await page.locator('body').press('ArrowUp');
  await expect(stake).not.toHaveText(first!);
  const staked = money(await stake.textContent());
  await page.locator('body').press('Space');
  const result = page.getByTestId('round-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('game-announcer')).toContainText('Round 0');

  // the round is the first of the recent rounds, and the wallet moved by stake and payout
  const round = page.getByTestId('recent-round').first();
  await expect(round).toBeVisible();
  const roundId = await round.getAttribute('data-round');
  expect(roundId).toBe(await result.getAttribute('data-round'));
  const payout = money(await round.locator('strong').textContent());
  await expect(page.getByTestId('game-balance')).toHaveText(
    `৳${((50000n - staked + payout) / 100n).toLocaleString('en-IN')}.${String((50000n - staked + payout) % 100n).padStart(2, '0')}`,
  );
  await expect.poll(() => mainBalance(request, token)).toBe(50000n - staked + payout);

  // the seed is sealed until rotated; rotating reveals it, then the verify page confirms the round
  await expect(round).toContainText('seed not revealed yet');
  const committed = await page.getByTestId('server-seed-hash').textContent();
  await page.getByTestId('rotate-seed').click();
  await expect(page.getByTestId('revealed-seed')).toContainText(committed!);
  await expect(page.getByTestId('recent-round').first()).not.toContainText('seed not revealed yet');
  await page.getByTestId('recent-round').first().getByTestId('verify-link').click();
  await expect(page).toHaveURL(new RegExp(`/play/verify\\?round=${roundId}&token=`));
  const verified = page.getByTestId('verify-result');
  await expect(verified.getByTestId('verify-hash')).toHaveAttribute('data-ok', 'true');
  await expect(verified.getByTestId('verify-outcome')).toHaveAttribute('data-ok', 'true');
  await expect(verified.getByTestId('slot-board')).toBeVisible();
  await expect(page.getByTestId('verify-serverSeedHash')).toHaveValue(committed!);
});

test('dice and Andar Bahar play one round each', async ({ page, request }) => {
  await english(page);
  const account = unique('tables');
  const token = await memberToken(request, account);
  await credit(request, account, '20000');

  await launch(page, '/rng', token, DICE);
  await expect(page.getByTestId('dice-board')).toBeVisible();
  await page.getByTestId('dice-over').check();
  await page.getByTestId('dice-target-input').fill('60.00');
  await page.getByTestId('dice-target-input').press('Enter');
  await expect(page.getByTestId('dice-chance')).toHaveText('39.99%');
  await expect(page.getByTestId('dice-multiplier')).toHaveText('2.4756×');
  await page.getByTestId('play-button').click();
  await expect(page.getByTestId('round-result')).toBeVisible();
  await expect(page.getByTestId('dice-verdict')).toContainText(/is (not )?over 60\.00/);
  await expect(page.getByTestId('recent-round')).toHaveCount(1);

  await launch(page, '/pvp', token, ANDAR_BAHAR);
  await expect(page.getByTestId('ab-board')).toBeVisible();
  await page.getByTestId('ab-pick-bahar').check();
  await page.getByTestId('ab-pick-bahar').press('Enter'); // Enter on the chosen side deals
  await expect(page.getByTestId('ab-verdict')).toContainText(/(Andar|Bahar) wins on card \d+/);
  await expect(page.getByTestId('round-result')).toBeVisible();
  await expect(page.getByTestId('recent-round')).toHaveCount(1);
});

test('a free-trial launch plays in DEMO mode and never touches the wallet', async ({ page, request }) => {
  await english(page);
  const account = unique('demo');
  const token = await memberToken(request, account);
  await credit(request, account, '10000');
  await launch(page, '/rng', token, SLOT, 'free-trial');
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'DEMO');
  await expect(page.getByTestId('demo-badge')).toHaveText('DEMO');
  await expect(page.getByTestId('demo-note')).toContainText('no real money');
  const before = money(await page.getByTestId('game-balance').textContent());
  const staked = money(await page.getByTestId('stake-value').textContent());
  await page.locator('body').press('Space');
  await expect(page.getByTestId('round-result')).toBeVisible();
  await expect(page.getByTestId('recent-round')).toHaveCount(1);
  // the demo balance moved by the stake and the payout (a push pays the stake back: no change)
  const payout = money(await page.getByTestId('recent-round').first().locator('strong').textContent());
  const after = before - staked + payout;
  await expect(page.getByTestId('game-balance')).toHaveText(
    `৳${(after / 100n).toLocaleString('en-IN')}.${String(after % 100n).padStart(2, '0')}`,
  );
  expect(await mainBalance(request, token)).toBe(10000n);
});

test('a game page: a guest gets the login popup, and a page without a valid token offers to launch again', async ({
  page,
  request,
}) => {
  await english(page);
  await page.goto('/play/KHELA_TIGER_REELS?token=whatever');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('game-page')).toHaveCount(0);

  const token = await memberToken(request, unique('expired'));
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.goto('/play/KHELA_TIGER_REELS?token=not-a-real-token');
  const expired = page.getByTestId('game-expired');
  await expect(expired).toContainText('This game session has ended or is not valid.');
  await expect(page.getByTestId('header-user')).toBeVisible(); // the game's token never replaced the member's session
  await expired.getByTestId('relaunch').click();
  await expect(page.getByTestId('game-page')).toBeVisible();
  await expect(page).toHaveURL(/\/play\/KHELA_TIGER_REELS\?token=/);
});

test("the games remote never loads on the guest's home page", async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => r.url().includes('/remotes/games/') && loaded.push(r.url()));
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  await page.goto('/play/verify');
  await expect(page.getByTestId('verify-page')).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
});
