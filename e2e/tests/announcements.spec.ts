import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, unique } from './support';

// Announcement popups (issue 13): the visitor's set once per session, the member's set (the
// first-login set first) after logging in, previous and next at the ends, and a promotion's button
// that leads to the reward centre. The tests run one at a time, so the popups this test publishes
// are seen by it alone, and it switches them off when it ends.
const ops = { 'X-Ops-Key': OPS_KEY };

test.use({ locale: 'en-GB' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await page.setViewportSize({ width: 390, height: 844 });
});

async function publish(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const res = await request.post('/ops/content/announcements', { headers: ops, data: { type: 'PU', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).value.id;
}

const popupsAnswered = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/wps/relay/MCSFE_getListAnnouncements') && r.url().includes('types=PU'));

test('a visitor sees the anonymous popups once per session; after logging in, the first-login and member ones', async ({
  page,
  request,
}) => {
  const stamp = unique('');
  const ids = [
    await publish(request, {
      execution: 'A',
      titleEn: `Tonight's cup ${stamp}`,
      contentEn: '<p>Final at <strong>20:00</strong>.<script>window.__xss = 1</script></p>',
      sort: -30,
    }),
    await publish(request, { execution: 'A', titleEn: `New slots ${stamp}`, contentEn: '<p>Ten new games.</p>', sort: -20 }),
    await publish(request, {
      execution: 'F',
      titleEn: `Welcome aboard ${stamp}`,
      contentEn: '<p>Your first deposit doubles.</p>',
      sort: -10,
    }),
    await publish(request, {
      execution: 'B',
      titleEn: `Weekly cashback ${stamp}`,
      contentEn: '<p>5% back.</p>',
      promotionType: 'REBATE',
      sort: -5,
    }),
  ];
  try {
    await page.goto('/');
    const popup = page.getByTestId('announcement-modal');
    await expect(popup.getByRole('heading')).toHaveText(`Tonight's cup ${stamp}`);
    await expect(popup.locator('strong')).toHaveText('20:00');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const prev = popup.getByRole('button', { name: 'Previous' });
    const next = popup.getByRole('button', { name: 'Next' });
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(popup.getByRole('heading')).toHaveText(`New slots ${stamp}`);
    await expect(popup.getByTestId('announcement-position')).toHaveText('2 of 2');
    await expect(next).toBeDisabled();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();

    // the same session: a reload asks again and shows nothing
    const again = popupsAnswered(page);
    await page.reload();
    await again;
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(popup).toBeHidden();

    // a new member logs in: the first-login popup, then the members' one, whose promotion button
    // opens the reward centre and closes the modal
    const account = unique('pu');
    const created = await request.post('/ops/members', {
      headers: ops,
      data: { account, nickname: account, type: 0, password: 'Khela-secret-42' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.getByTestId('login-button').click();
    const login = page.getByTestId('login-modal');
    await login.locator('input[name="username"]').fill(account);
    await login.locator('input[name="password"]').fill('Khela-secret-42');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('logout-button')).toBeVisible();
    await expect(popup.getByRole('heading')).toHaveText(`Welcome aboard ${stamp}`);
    await popup.getByRole('button', { name: 'Next' }).click();
    await expect(popup.getByRole('heading')).toHaveText(`Weekly cashback ${stamp}`);
    await popup.getByRole('button', { name: 'Go to the reward centre' }).click();
    await expect(page).toHaveURL(/\/member\/rewardCenter$/);
    await expect(popup).toBeHidden();
  } finally {
    for (const id of ids) await request.put(`/ops/content/announcements/${id}`, { headers: ops, data: { active: false } });
  }
});
