import { expect, test, type APIRequestContext } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique } from './support';

/**
 * Issue 11's agent centre as agents live it, at a phone's 390 px: a top agent registers a sub-agent
 * and offers it a real-time salary contract of 1 %; the sub-agent's open page shows the offer live
 * (the shell's contract modal) and the sub-agent accepts it there; a player in the
 * sub-agent's team plays the slot; the settlement (triggered through the operator endpoint, the
 * e2e server's real-time windows being 4 s) pays the sub-agent from the top agent's wallet, and
 * both agents' pages show the payment; the top agent's team overview and team betting show the bets.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
test.use({ viewport: { width: 390, height: 844 } });

const taka = (poisha: bigint) => `৳${(poisha / 100n).toLocaleString('en-IN')}.${String(poisha % 100n).padStart(2, '0')}`;

async function adjust(request: APIRequestContext, account: string, amount: string) {
  const res = await request.post('/ops/wallet/adjustments', {
    headers: ops,
    data: { account, amount, reason: 'agent-centre e2e funds', operator: 'e2e' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).value as T;
}

test('a sub-agent’s real-time salary: registered, offered, accepted, earned from its player’s bets and paid once', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const top = unique('agtop');
  const sub = unique('agsub');
  const player = unique('agply');
  const topToken = await memberToken(request, top, 1);
  await adjust(request, top, '500000'); // ৳5,000 to pay salaries from

  // the top agent registers the sub-agent in its team
  await gotoAs(page, '/agentHome/registerCenter', topToken);
  await page.getByTestId('register-kind').selectOption('AGENT');
  await page.getByTestId('register-account').fill(sub);
  await page.getByTestId('register-password').fill('Agent-Pass-2026');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText(sub.toLowerCase());
  // a player cannot be registered under an existing name: a translated refusal, nothing changes
  await page.getByTestId('register-account').fill(sub);
  await page.getByTestId('register-password').fill('Agent-Pass-2026');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-error')).toHaveText('This account already exists.');

  // the sub-agent is on the home page meanwhile, its live channel connected
  const subToken = (await (await request.post('/ops/sessions', { headers: ops, data: { account: sub } })).json()).value.token;
  const subContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const subPage = await subContext.newPage();
  await subPage.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const connected = new Promise<void>((resolve) =>
    subPage.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).startsWith('40') && resolve())),
  );
  await gotoAs(subPage, '/', subToken);
  await connected;

  // the top agent offers it a real-time salary contract of 1 %
  await page.getByRole('link', { name: 'Real-time salary' }).click();
  await page.getByTestId('offer-downline').fill(sub.toLowerCase());
  await page.getByTestId('offer-rate').fill('1');
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('offer-done')).toBeVisible();
  await expect(page.getByTestId('contract-row').getByTestId('contract-status')).toHaveText('Offered');

  // the sub-agent's open page shows the offer live, and the sub-agent accepts it there
  const modal = subPage.getByTestId('contract-offer-modal');
  await expect(modal.getByTestId('contract-offer-from')).toHaveText(`${top.toLowerCase()} offers you a contract.`);
  await expect(modal.getByTestId('contract-offer-kind')).toHaveText('Real-time salary');
  await expect(modal.getByTestId('contract-offer-rate')).toHaveText('1.00 %');
  expect(await subPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await subPage.screenshot({ path: test.info().outputPath('contract-offer-390.png') });
  await modal.getByTestId('contract-offer-accept').click();
  await expect(modal.getByTestId('contract-offer-done')).toHaveText('Contract accepted.');
  await modal.getByTestId('contract-offer-ok').click();
  await expect(modal).toHaveCount(0);
  await subContext.close();
  // the sub-agent's salary page shows it active
  await gotoAs(page, '/agentHome/agentRealtimeSalary', subToken);
  const offer = page.locator('[data-testid="contract-row"][data-mine="true"]');
  await expect(offer.getByTestId('contract-status')).toHaveText('Active');

  // a player in the sub-agent's team plays three rounds of the slot
  const created = await request.post('/ops/members', { headers: ops, data: { account: player, type: 0, upline: sub } });
  expect(created.status(), await created.text()).toBe(201);
  const playerToken = (await (await request.post('/ops/sessions', { headers: ops, data: { account: player } })).json()).value
    .token;
  await adjust(request, player, '100000');
  const launch = await api<{ content: { game_url: string } }>(
    request,
    playerToken,
    '/wps/game/launchGame?gameId=KHELA_TIGER_REELS',
  );
  const gameToken = new URL(launch.content.game_url, 'http://x').searchParams.get('token')!;
  const session = (await (await request.get('/studio/v1/session', { headers: { 'x-game-token': gameToken } })).json()).value;
  const stake = BigInt(session.limits.stakeSteps.find((s: string) => BigInt(s) >= 1000n) ?? session.limits.maxStake);
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/studio/v1/play', {
      headers: { 'x-game-token': gameToken },
      data: { stake: stake.toString() },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const salary = (3n * stake) / 100n; // 1 % of the valid bet (one window or two)

  // the settlement, triggered until the bets' window has ended and is paid
  await expect
    .poll(
      async () => {
        await request.post('/ops/agents/settle', { headers: ops });
        const s = await api<{ totals: { paid: string } }>(request, subToken, '/wps/agent/settlements?kind=REALTIME&range=TODAY');
        return BigInt(s.totals.paid);
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(salary - 1n);
  // paid exactly once: the sub-agent's income is what the windows paid, and the top agent paid it
  const income = await api<{ totals: { in: string } }>(request, subToken, '/wps/agent/income?range=TODAY');
  const paid = await api<{ totals: { paid: string } }>(request, subToken, '/wps/agent/settlements?kind=REALTIME&range=TODAY');
  expect(income.totals.in).toBe(paid.totals.paid);

  // the sub-agent's pages show the payment received from the top agent
  await page.reload();
  const received = page
    .locator('[data-testid="settlement-row"][data-direction="RECEIVED"]')
    .filter({ hasText: top.toLowerCase() });
  await expect(received.first()).toBeVisible();
  await expect(page.getByTestId('settled-paid')).toHaveText(taka(BigInt(paid.totals.paid)));
  await page.getByRole('link', { name: 'My income' }).click();
  await expect(page.getByTestId('ledger-in')).toHaveText(taka(BigInt(paid.totals.paid)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // the top agent's pages: the payment made, the team overview and the team betting
  await gotoAs(page, '/agentHome/agentRealtimeSalary', topToken);
  await expect(page.locator('[data-testid="settlement-row"][data-direction="PAID"]').first()).toContainText(sub.toLowerCase());
  await page.getByRole('link', { name: 'Team overview' }).click();
  await expect(page.getByTestId('ov-members')).toHaveText('2');
  await expect(page.getByTestId('ov-activeMembers')).toHaveText('1');
  await expect(page.getByTestId('ov-validBet')).toHaveText(taka(3n * stake));
  await page.getByRole('link', { name: 'Team betting' }).click();
  await expect(page.locator(`[data-testid="team-bet-row"][data-account="${player.toLowerCase()}"]`)).toHaveCount(3);
  await expect(page.getByTestId('tb-validBet')).toHaveText(taka(3n * stake));
  // drill-down: the sub-agent's team holds the player
  await page.getByRole('link', { name: 'Team management' }).click();
  await page.locator(`[data-testid="team-row"][data-account="${sub.toLowerCase()}"]`).getByTestId('team-open').click();
  await expect(page.locator(`[data-testid="team-row"][data-account="${player.toLowerCase()}"]`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the agent’s deposit, withdraw, announcements, platform messages and customer service open inside the agent layout', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const agent = unique('agemb');
  const token = await memberToken(request, agent, 1);
  await gotoAs(page, '/agentHome/deposit', token);
  const pages = [
    ['Deposit', 'member-embedded-depositv2'],
    ['Withdraw', 'member-embedded-withdraw'],
    ['Announcements', 'notice-centre'],
    ['Platform messages', 'member-embedded-messageV2'],
    ['Customer service', 'help-centre'],
  ] as const;
  for (const [link, testId] of pages) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByTestId('agent-home').getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId('agent-elsewhere')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  // the member centre's pages work as they do there: the messages page answers with its empty state
  await page.getByRole('link', { name: 'Platform messages', exact: true }).click();
  await expect(page.getByTestId('member-embedded-messageV2')).toContainText('You have no messages.');
  await page.getByRole('link', { name: 'Deposit', exact: true }).click();
  await page.screenshot({ path: test.info().outputPath('agent-deposit-390.png'), fullPage: true });
});
