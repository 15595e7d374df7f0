import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique } from './support';

/**
 * Issue 10's records, as a player lives them: a deposit and a round of the slot, then the round in
 * the betting record, the deposit, the stake and the win in the account record (each with the
 * balance after it), and the result in the profit and loss, at a phone's 390 px and in BN too.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const SLOT = 'Bengal Tiger Reels';

/** ৳ with lakh grouping and two decimals, as the EN storefront prints poisha. */
const taka = (poisha: bigint) => {
  const abs = poisha < 0n ? -poisha : poisha;
  return `${poisha < 0n ? '-' : ''}৳${(abs / 100n).toLocaleString('en-IN')}.${String(abs % 100n).padStart(2, '0')}`;
};
const signed = (poisha: bigint) => (poisha > 0n ? `+${taka(poisha)}` : taka(poisha));

async function records(request: APIRequestContext, token: string, path: string) {
  const res = await request.get(`/wps/records/${path}`, { headers: { Authorization: token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).value;
}

/** axe-core's serious or critical WCAG 2.1 A/AA findings in the member page's content, as it is. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('.member-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing sticks out sideways at the page's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a round played shows in the betting record, the account record and the profit and loss', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('records');
  const token = await memberToken(request, account);

  // before any play: the empty states
  await gotoAs(page, '/member/personalHistoryCopy', token);
  await expect(page.getByTestId('bets-page').getByTestId('empty-state')).toBeVisible();

  // a deposit of ৳1,000 by bKash through the sandbox payment page
  await page.goto('/member/depositv2');
  await page.getByTestId('channel-BKASH').click();
  await page.getByTestId('deposit-amount-input').fill('1000');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.locator('[data-state="paid"]')).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('deposit-order').locator('[data-status="PAID"]')).toBeVisible();

  // a round of the slot
  await page.goto('/rng');
  await page.getByTestId('game-search').fill(SLOT);
  const tile = page.getByTestId('game-list-view').getByTestId('game-tile').filter({ hasText: SLOT }).first();
  await tile.hover();
  await tile.getByTestId('play-now').click();
  await expect(page).toHaveURL(/\/play\/KHELA_TIGER_REELS\?token=/);
  await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'REAL');
  await page.locator('body').press('Space');
  await expect(page.getByTestId('round-result')).toBeVisible();
  await expect.poll(async () => (await records(request, token, 'bets?range=LAST_7_DAYS')).total).toBe(1);
  const bet = (await records(request, token, 'bets?range=LAST_7_DAYS')).list[0];
  expect(bet.status).toBe('SETTLED');
  const stake = BigInt(bet.stake);
  const payout = BigInt(bet.payout);

  // the betting record, on a phone: the round, its stake and payout, the totals of the day
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/member/personalHistoryCopy');
  await page.getByTestId('range-LAST_7_DAYS').click(); // today's bets, also when Dhaka's midnight passed in between
  const row = page.getByTestId('bet-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SLOT);
  await expect(row).toHaveAttribute('data-round', bet.roundId);
  await expect(row.locator('[data-status="SETTLED"]')).toHaveText('Settled');
  await expect(row.getByTestId('bet-stake')).toHaveText(taka(stake));
  await expect(row.getByTestId('bet-payout')).toHaveText(taka(payout));
  await expect(page.getByTestId('total-count')).toHaveText('1');
  await expect(page.getByTestId('total-profit')).toHaveText(signed(payout - stake));
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  // another game type has none of it
  await page.getByTestId('filter-gameType').selectOption('LIVE');
  await expect(page.getByTestId('bets-page').getByTestId('empty-state')).toBeVisible();

  // the account record: the deposit and the stake (and the win, if any), with the balance after each
  await page.goto('/member/transactionHistory');
  await page.getByTestId('range-LAST_7_DAYS').click();
  const moves = page.getByTestId('movement-row');
  await expect(moves).toHaveCount(payout > 0n ? 3 : 2);
  const last = moves.last();
  await expect(last).toHaveAttribute('data-type', 'DEPOSIT');
  await expect(last.getByTestId('movement-amount')).toHaveText('+৳1,000.00');
  await expect(last.getByTestId('movement-balance')).toHaveText('৳1,000.00');
  const betRow = page.locator('[data-testid="movement-row"][data-type="BET"]');
  await expect(betRow.getByTestId('movement-amount')).toHaveText(taka(-stake));
  await expect(betRow.getByTestId('movement-balance')).toHaveText(taka(100000n - stake));
  await expect(moves.first().getByTestId('movement-balance')).toHaveText(taka(100000n - stake + payout));
  await expect(page.getByTestId('total-net')).toHaveText(signed(100000n - stake + payout));
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('filter-type').selectOption('DEPOSIT');
  await expect(moves).toHaveCount(1);
  expect(await fitsWidth(page)).toBe(true);

  // the profit and loss: today's row and the game type's
  await page.goto('/member/personalProfit');
  await expect(page.getByTestId('profit-row')).toHaveCount(1);
  await expect(page.getByTestId('total-profit')).toHaveText(signed(payout - stake));
  await page.getByTestId('group-GAME_TYPE').click();
  await expect(page.locator('[data-testid="profit-row"][data-key="RNG"]')).toContainText('Slots');
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // in Bengali
  await page.evaluate(() => localStorage.setItem('hisLang', 'BN'));
  await page.addInitScript(() => localStorage.setItem('hisLang', 'BN'));
  await page.goto('/member/personalHistoryCopy');
  await page.getByTestId('range-LAST_7_DAYS').click(); // today's bets, also when Dhaka's midnight passed in between
  await expect(page.getByTestId('bet-row').locator('[data-status="SETTLED"]')).toHaveText('নিষ্পত্তি হয়েছে');
  await expect(page.getByTestId('range-TODAY')).toHaveText('আজ');

  // the three reports and the ledger agree
  const audit = await request.get('/ops/wallet/audit', { headers: ops });
  expect((await audit.json()).value.anomalies).toEqual([]);
});

test('a custom range too far back shows a translated error', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const token = await memberToken(request, unique('recbad'));
  await gotoAs(page, '/member/transactionHistory', token);
  await expect(page.getByTestId('movements-page').getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('range-CUSTOM').click();
  await page.getByTestId('range-from').fill('2020-01-01');
  await page.getByTestId('range-to').fill('2020-01-02');
  await page.getByTestId('range-apply').click();
  await expect(page.getByTestId('records-error')).toContainText('Choose at most 93 days');
});
