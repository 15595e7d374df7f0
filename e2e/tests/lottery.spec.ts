import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/**
 * Issue 17: lottery betting on the platform's own draws. The e2e server draws every 20 seconds and
 * settles within a second (scripts/e2e-server.mjs), so a draw runs within the test's time.
 */

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __lotto: number }).__lotto = 1));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __lotto?: number }).__lotto === 1);

test.use({ viewport: { width: 390, height: 844 } });

test('a 2-digit bet on the next draw: the total and potential win, the result and the balance without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('lotto');
  const token = await memberToken(request, account);
  const credited = await request.post('/ops/wallet/adjustments', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { account, amount: '50000', reason: 'e2e: money to bet with', operator: 'e2e' },
  });
  expect(credited.ok(), await credited.text()).toBeTruthy();
  const headerBalance = page.getByTestId('header-balance-amount');

  await gotoAs(page, '/vnLottery?gameCode=VN_NORTH', token);
  await page.getByTestId('lottery-play').click();
  const betting = page.getByTestId('lottery-betting');
  await expect(betting).toBeVisible();
  await expect(headerBalance).toHaveText('৳500.00');
  await mark(page);
  // no serious accessibility violation in the betting view (WCAG 2.1 AA), on a phone's width
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('[data-testid="lottery-betting"]')
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // 2 digits on the special prize, every number at ৳1: one of them wins 95×
  await page.getByTestId('bet-type-SPECIAL_2D').click();
  await page.getByTestId('pick-all').click();
  await page.getByTestId('betting-stake').fill('1');
  await expect(page.getByTestId('betting-count')).toHaveText('100');
  await expect(page.getByTestId('betting-total')).toHaveText('৳100.00');
  await expect(page.getByTestId('betting-potential')).toHaveText('৳9,500.00');
  await page.getByTestId('betting-place').click();
  await expect(page.getByTestId('betting-confirm')).toContainText('৳100.00');
  await page.getByTestId('betting-confirm-yes').click();
  await expect(page.getByTestId('betting-message')).toContainText('Bet placed');
  await expect(headerBalance).toHaveText('৳400.00'); // the stake, pushed over the live channel

  const bet = page.getByTestId('my-bet').first();
  await expect(bet.getByTestId('my-bet-status')).toHaveText('Waiting for the draw');
  // the draw runs (at most 20 s away) and is settled: the result shows, and the balance follows
  await expect(bet).toHaveAttribute('data-status', 'WON', { timeout: 45_000 });
  await expect(bet.getByTestId('my-bet-payout')).toHaveText('Paid ৳95.00');
  await expect(bet.getByTestId('my-bet-result')).toContainText(/Special prize \d{5}/);
  await expect(headerBalance).toHaveText('৳495.00');
  expect(await stillSamePage(page)).toBe(true);

  // the opened numbers show the draw with its revealed seed
  const bets = await request.get('/lottery/v1/bets?gameCode=VN_NORTH', { headers: { Authorization: token } });
  const placed = (await bets.json()).value.list[0];
  const opened = await request.get('/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&size=10');
  const draw = (await opened.json()).value.list.find((d: { numero: string }) => d.numero === placed.numero);
  expect(draw.openedNumbers).toEqual(placed.drawnNumbers);
  expect(draw.serverSeed).toMatch(/^[0-9a-f]{64}$/);
});
