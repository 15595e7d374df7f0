import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/**
 * Issue 17: lottery betting on the platform's own draws. The e2e server draws every 20 seconds,
 * closes bets 3 seconds before and settles within a second (scripts/e2e-server.mjs), so a draw runs
 * within the test's time; the result reaches the page over the live channel (the lotteryDraw event),
 * and nothing in the page asks for it again.
 */

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __lotto: number }).__lotto = 1));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __lotto?: number }).__lotto === 1);

test.use({ viewport: { width: 390, height: 844 } });

/** Taka as the pages show them: en-IN grouping in EN, Bengali digits in BN. */
const taka = (minor: number, lang: 'EN' | 'BN') =>
  `৳${new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)}`;

async function memberWith500(request: APIRequestContext, prefix: string) {
  const account = unique(prefix);
  const token = await memberToken(request, account);
  const credited = await request.post('/ops/wallet/adjustments', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { account, amount: '50000', reason: 'e2e: money to bet with', operator: 'e2e' },
  });
  expect(credited.ok(), await credited.text()).toBeTruthy();
  return token;
}

/**
 * The draw to bet on: the next one, unless it closes within 8 seconds (the bet might then arrive after
 * it closed), in which case the one after it. Read from the same call the view makes.
 */
async function drawToBet(request: APIRequestContext, token: string, gameCode: string, prizeMode: string) {
  const res = await request.get(`/lottery/v1/games/${gameCode}?prizeMode=${prizeMode}`, { headers: { Authorization: token } });
  const draws = (await res.json()).value.draws as { index: number; numero: string; closesAt: string }[];
  return Date.parse(draws[0].closesAt) - Date.now() > 8000 ? draws[0] : draws[1];
}

/** Every 2-digit number on the top prize at ৳1 each (one of them wins); confirms; the stake leaves the balance. */
async function betOnEveryNumber(page: Page, draw: { index: number; numero: string }, lang: 'EN' | 'BN', odds: number) {
  await page.getByTestId('betting-draw').selectOption(String(draw.index));
  await page.getByTestId('bet-type-SPECIAL_2D').click();
  await page.getByTestId('pick-all').click();
  await page.getByTestId('betting-stake').fill('1');
  await expect(page.getByTestId('betting-count')).toHaveText('100');
  await expect(page.getByTestId('betting-total')).toHaveText(taka(10000, lang));
  await expect(page.getByTestId('betting-potential')).toHaveText(taka(10000 * odds, lang));
  await page.getByTestId('betting-place').click();
  await expect(page.getByTestId('betting-confirm')).toContainText(taka(10000, lang));
  await page.getByTestId('betting-confirm-yes').click();
  await expect(page.getByTestId('betting-message')).toContainText(draw.numero);
}

test('EN, the northern lottery: a 2-digit bet on the next draw, the total and potential win, then the result and the balance without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const token = await memberWith500(request, 'lotto');
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

  // the launch's prize mode and its odds: 90× on the special prize by default
  const launched = await request.get('/lottery/v1/games/VN_NORTH?prizeMode=ELOTT', { headers: { Authorization: token } });
  const odds = (await launched.json()).value.betTypes.find((b: { type: string }) => b.type === 'SPECIAL_2D').odds / 100;
  const draw = await drawToBet(request, token, 'VN_NORTH', 'ELOTT');
  await betOnEveryNumber(page, draw, 'EN', odds);
  await expect(page.getByTestId('betting-message')).toContainText('Bet placed');
  await expect(headerBalance).toHaveText('৳400.00'); // the stake, pushed over the live channel

  const bet = page.getByTestId('my-bet').first();
  await expect(bet.getByTestId('my-bet-status')).toHaveText('Waiting for the draw');
  // the draw runs and is settled: the result panel shows (the live lotteryDraw event), and the balance follows
  const result = page.getByTestId('lottery-result');
  await expect(result).toHaveAttribute('data-status', 'SETTLED', { timeout: 60_000 });
  await expect(result).toContainText(`Result of draw ${draw.numero}`);
  await expect(page.getByTestId('lottery-result-top')).toHaveText(/^\d{5}$/);
  await expect(page.getByTestId('lottery-result-outcome')).toHaveText(`Your bets won ${taka(odds * 100, 'EN')}.`);
  await expect(bet).toHaveAttribute('data-status', 'WON');
  await expect(bet.getByTestId('my-bet-payout')).toHaveText(`Paid ${taka(odds * 100, 'EN')}`);
  await expect(bet.getByTestId('my-bet-result')).toContainText(/Special prize \d{5}/);
  await expect(headerBalance).toHaveText(taka(40000 + odds * 100, 'EN'));
  expect(await stillSamePage(page)).toBe(true);

  // the opened numbers show the draw with its revealed seed
  const bets = await request.get('/lottery/v1/bets?gameCode=VN_NORTH', { headers: { Authorization: token } });
  const placed = (await bets.json()).value.list[0];
  expect(placed.prizeMode).toBe('ELOTT');
  const opened = await request.get('/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&size=10');
  const drawn = (await opened.json()).value.list.find((d: { numero: string }) => d.numero === placed.numero);
  expect(drawn.openedNumbers).toEqual(placed.drawnNumbers);
  expect(drawn.serverSeed).toMatch(/^[0-9a-f]{64}$/);

  // the betting record carries the lottery details
  const records = await request.get('/wps/records/bets?range=LAST_7_DAYS', { headers: { Authorization: token } });
  const record = (await records.json()).value.list[0];
  expect(record.lottery).toMatchObject({ numero: draw.numero, betType: 'SPECIAL_2D', status: 'WON', stakePerNumber: '100' });
});

test('BN at 390 px, SEA: a 2-digit bet on the first prize, then the result and the balance without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'BN'));
  const token = await memberWith500(request, 'lotsea');
  const headerBalance = page.getByTestId('header-balance-amount');

  await gotoAs(page, '/seaLottery?gameCode=SEA_4D_MORNING', token);
  await page.getByTestId('lottery-play').click();
  await expect(page.getByTestId('lottery-betting')).toBeVisible();
  await expect(headerBalance).toHaveText(taka(50000, 'BN'));
  await mark(page);
  // SEA's bet types, named by its first prize; no lotto pair
  await expect(page.getByTestId('bet-type-SPECIAL_2D')).toHaveText('২ অঙ্ক · প্রথম পুরস্কার');
  await expect(page.getByTestId('bet-type-LOTTO')).toHaveCount(0);
  // the time to the draw's close in Bengali digits
  await expect(page.getByTestId('betting-closes')).toHaveText(/[০-৯]{2}:[০-৯]{2}/);
  // the view fits the phone: nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const launched = await request.get('/lottery/v1/games/SEA_4D_MORNING?prizeMode=SEA', { headers: { Authorization: token } });
  const odds = (await launched.json()).value.betTypes.find((b: { type: string }) => b.type === 'SPECIAL_2D').odds / 100;
  const draw = await drawToBet(request, token, 'SEA_4D_MORNING', 'SEA');
  await betOnEveryNumber(page, draw, 'BN', odds);
  await expect(headerBalance).toHaveText(taka(40000, 'BN'));
  await expect(page.getByTestId('my-bet').first().getByTestId('my-bet-status')).toHaveText('ড্র-র অপেক্ষায়');

  const result = page.getByTestId('lottery-result');
  await expect(result).toHaveAttribute('data-status', 'SETTLED', { timeout: 60_000 });
  await expect(page.getByTestId('lottery-result-top')).toHaveText(/^\d{4}$/);
  await expect(page.getByTestId('lottery-result-numbers')).toHaveText(/^\d{4} \d{4}$/);
  await expect(page.getByTestId('lottery-result-outcome')).toHaveText(`আপনার বাজি জিতেছে ${taka(odds * 100, 'BN')}।`);
  await expect(page.getByTestId('my-bet').first()).toHaveAttribute('data-status', 'WON');
  await expect(headerBalance).toHaveText(taka(40000 + odds * 100, 'BN'));
  expect(await stillSamePage(page)).toBe(true);
});

test('EN at 390 px, FAST (five digits): every digit on the first place, then the result and the balance without a reload', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const token = await memberWith500(request, 'lotfast');
  const headerBalance = page.getByTestId('header-balance-amount');

  await gotoAs(page, '/lottery?gameCode=KHELA_1M', token);
  await page.getByTestId('lottery-play').click();
  await expect(page.getByTestId('lottery-betting')).toBeVisible();
  await expect(page.getByTestId('not-connected')).toHaveCount(0);
  await expect(headerBalance).toHaveText('৳500.00');
  await mark(page);
  await expect(page.getByTestId('bet-type-POSITION')).toHaveText('Digit on a place');
  await expect(page.getByTestId('bet-type-SPECIAL_2D')).toHaveText('Last 2 digits');

  const launched = await request.get('/lottery/v1/games/KHELA_1M', { headers: { Authorization: token } });
  const game = (await launched.json()).value;
  const odds = game.betTypes.find((b: { type: string }) => b.type === 'POSITION').odds / 100;
  const draw = await drawToBet(request, token, 'KHELA_1M', game.prizeMode);
  await page.getByTestId('betting-draw').selectOption(String(draw.index));
  for (let d = 0; d < 10; d++) await page.getByTestId(`pick-1:${d}`).click();
  await page.getByTestId('betting-stake').fill('1');
  await expect(page.getByTestId('betting-count')).toHaveText('10');
  await expect(page.getByTestId('betting-total')).toHaveText(taka(1000, 'EN'));
  await expect(page.getByTestId('betting-potential')).toHaveText(taka(1000 * odds, 'EN'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('fast-390.png'), fullPage: true });
  await page.getByTestId('betting-place').click();
  await page.getByTestId('betting-confirm-yes').click();
  await expect(page.getByTestId('betting-message')).toContainText(draw.numero);
  await expect(headerBalance).toHaveText('৳490.00');
  const bet = page.getByTestId('my-bet').first();
  await expect(bet).toContainText('Digit 1: 0, Digit 1: 1');

  // one of the ten digits is the first drawn: it pays odds × ৳1
  const result = page.getByTestId('lottery-result');
  await expect(result).toHaveAttribute('data-status', 'SETTLED', { timeout: 60_000 });
  await expect(page.getByTestId('lottery-result-numbers')).toHaveText(/^\d \d \d \d \d$/);
  await expect(page.getByTestId('lottery-result-outcome')).toHaveText(`Your bets won ${taka(odds * 100, 'EN')}.`);
  await expect(bet).toHaveAttribute('data-status', 'WON');
  await expect(headerBalance).toHaveText(taka(49000 + odds * 100, 'EN'));
  expect(await stillSamePage(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('fast-390-result.png'), fullPage: true });

  const records = await request.get('/wps/records/bets?range=LAST_7_DAYS', { headers: { Authorization: token } });
  const record = (await records.json()).value.list[0];
  expect(record.lottery).toMatchObject({ group: 'FAST', betType: 'POSITION', status: 'WON', numero: draw.numero });
});

test('BN at 390 px, DAILY 6/45: six picked numbers, refused until there are six, then the result and the balance without a reload', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'BN'));
  const token = await memberWith500(request, 'lotdaily');
  const headerBalance = page.getByTestId('header-balance-amount');

  await gotoAs(page, '/lottery?gameCode=DHAKA_DAILY', token);
  await page.getByTestId('lottery-play').click();
  await expect(page.getByTestId('lottery-betting')).toBeVisible();
  await expect(headerBalance).toHaveText(taka(50000, 'BN'));
  await mark(page);
  await expect(page.getByTestId('bet-type-PICK')).toHaveText('নম্বর বাছাই');

  const game = (await (await request.get('/lottery/v1/games/DHAKA_DAILY', { headers: { Authorization: token } })).json()).value;
  const draw = await drawToBet(request, token, 'DHAKA_DAILY', game.prizeMode);
  await page.getByTestId('betting-draw').selectOption(String(draw.index));
  for (const n of ['07', '13', '21', '34', '45']) await page.getByTestId(`pick-${n}`).click();
  await expect(page.getByTestId('betting-invalid')).toHaveText('৬টি নম্বর বাছুন।');
  await expect(page.getByTestId('betting-place')).toBeDisabled();
  await page.getByTestId('pick-02').click();
  await expect(page.getByTestId('betting-invalid')).toHaveCount(0);
  await page.getByTestId('betting-stake').fill('10');
  await expect(page.getByTestId('betting-total')).toHaveText(taka(1000, 'BN'));
  await expect(page.getByTestId('pick-paytable')).toContainText('৬টি মিল');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('daily-390.png'), fullPage: true });
  await page.getByTestId('betting-place').click();
  await page.getByTestId('betting-confirm-yes').click();
  await expect(page.getByTestId('betting-message')).toContainText(draw.numero);
  await expect(headerBalance).toHaveText(taka(49000, 'BN'));

  const result = page.getByTestId('lottery-result');
  await expect(result).toHaveAttribute('data-status', 'SETTLED', { timeout: 60_000 });
  await expect(page.getByTestId('lottery-result-numbers')).toHaveText(/^(\d\d ){5}\d\d$/);
  const bet = page.getByTestId('my-bet').first();
  await expect(bet).toHaveAttribute('data-status', /^(WON|LOST)$/);
  // what the ticket paid, from the member's bets: the balance follows it without a reload
  const placed = (
    await (await request.get('/lottery/v1/bets?gameCode=DHAKA_DAILY', { headers: { Authorization: token } })).json()
  ).value.list[0];
  const matched = placed.numbers.filter((n: string) => placed.drawnNumbers.includes(n)).length;
  const table: Record<string, number> = game.betTypes[0].oddsTable;
  expect(placed.payout).toBe(String((1000 * (table[`6:${matched}`] ?? 0)) / 100));
  await expect(headerBalance).toHaveText(taka(49000 + Number(placed.payout), 'BN'));
  expect(await stillSamePage(page)).toBe(true);
});
