import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, setSetting, unique } from './support';

const ops = { 'X-Ops-Key': OPS_KEY };

async function credit(request: APIRequestContext, account: string, poisha: string) {
  const res = await request.post('/ops/wallet/adjustments', {
    headers: ops,
    data: { account, amount: poisha, reason: 'e2e funds', operator: 'e2e' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function pendingWithdrawalId(request: APIRequestContext, account: string, status = 'PENDING'): Promise<number> {
  const res = await request.get(`/ops/payments/withdrawals?status=${status}&account=${account}`, { headers: ops });
  const rows = (await res.json()).value as { id: number }[];
  expect(rows.length).toBeGreaterThan(0);
  return rows[0].id;
}

/** A member with a payment password and a bKash account bound through the page. */
async function setUpPayout(page: Page, pin: string, name: string) {
  await page.getByTestId('pin-new').fill(pin);
  await page.getByTestId('pin-confirm').fill(pin);
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-form')).toHaveCount(0);
  await page.getByTestId('account-no-input').fill('01712345678');
  await page.getByTestId('holder-name-input').fill(name);
  await page.getByTestId('account-pin-input').fill(pin);
  await page.getByTestId('add-account-submit').click();
  await expect(page.getByTestId('accounts-section')).toContainText('••••5678');
}

test.beforeAll(async ({ request }) => {
  // the turnover rule is tested on the server; here a fresh member withdraws what was credited
  // (left so: other files set the same value while they run beside this one, and none needs another)
  await setSetting(request, 'paymentRules', { turnoverMultiplier: 0 });
});

test('a deposit through the sandbox payment page: the order turns paid and the balance grows', async ({ page, request }) => {
  const account = unique('dep');
  const token = await memberToken(request, account);
  await gotoAs(page, '/member/depositv2', token);
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await expect(page.getByTestId('deposit-balance')).toHaveText('৳০.০০');
  await page.getByTestId('channel-ROCKET').click();
  // validation under the field, in Bengali, before anything is sent
  await page.getByTestId('deposit-amount-input').fill('১০০');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('সর্বনিম্ন পরিমাণ ৳৫০০.০০।');
  await page.getByTestId('deposit-amount-input').fill('১০০০'); // Bengali digits
  await expect(page.getByTestId('deposit-receive')).toHaveText('৳৯৯০.০০'); // the 1 % fee is said before paying
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/wps\/payments\/sandbox\/pay\//);
  await expect(popup.getByTestId('sandbox-amount')).toHaveText('৳১,০০০.০০');
  await popup.screenshot({ path: 'test-results/sandbox-page-bn.png' });
  await expect(page.getByTestId('deposit-order-note')).toContainText('পেমেন্ট পাতায়');
  await popup.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
  await expect(popup.locator('[data-state="paid"]')).toBeVisible();
  await popup.close();
  // the waiting page follows the order by itself
  await expect(page.getByTestId('deposit-order').locator('[data-status="PAID"]')).toBeVisible();
  await expect(page.getByTestId('deposit-order-note')).toHaveText('৳৯৯০.০০ আপনার প্রধান ওয়ালেটে যোগ হয়েছে।');
  await expect(page.getByTestId('deposit-balance')).toHaveText('৳৯৯০.০০');
  await expect(page.getByTestId('deposit-history').locator('[data-status="PAID"]')).toHaveCount(1);
  const balance = await request.get('/wps/v2/wallets/balance', { headers: { Authorization: token } });
  expect((await balance.json()).value.sumBalance).toBe('99000');
});

test('a declined sandbox payment fails the order and moves nothing (EN)', async ({ page, request }) => {
  const token = await memberToken(request, unique('dec'));
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await gotoAs(page, '/member/depositv2', token);
  await page.getByTestId('deposit-amount-input').fill('500');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('deposit-submit').click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('deposit-order-note')).toHaveText(
    'The payment was not completed. Nothing was taken from your wallet.',
  );
  await expect(page.getByTestId('deposit-balance')).toHaveText('৳0.00');
});

test('a withdrawal is requested, rejected by an operator, and the funds come back', async ({ page, request }) => {
  const account = unique('wd');
  const token = await memberToken(request, account);
  await credit(request, account, '200000');
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  await gotoAs(page, '/member/withdraw', token);
  await expect(page.getByTestId('withdraw-balance')).toHaveText('৳2,000.00');
  await setUpPayout(page, '582931', 'Rahim Uddin');
  await page.getByTestId('withdraw-amount-input').fill('750');
  await page.getByTestId('withdraw-pin').fill('582931');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-notice')).toHaveText(
    'Your request for ৳750.00 is in process. The amount is held until we pay it out.',
  );
  await expect(page.getByTestId('withdraw-balance')).toHaveText('৳1,250.00');
  await expect(page.getByTestId('withdraw-history').locator('[data-status="W_PENDING"]')).toHaveCount(1);

  const id = await pendingWithdrawalId(request, account);
  const rejected = await request.post(`/ops/payments/withdrawals/${id}/reject`, {
    headers: ops,
    data: { operator: 'e2e-cashier', reason: 'the bKash name does not match' },
  });
  expect(rejected.ok(), await rejected.text()).toBeTruthy();
  // the withdraw page's own refresh (the header's balance has one too)
  await page.getByTestId('withdraw-page').getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByTestId('withdraw-balance')).toHaveText('৳2,000.00');
  await expect(page.getByTestId(`withdrawal-${id}-rejected`)).toHaveText(
    'Rejected: the bKash name does not match. The amount is back in your main wallet.',
  );
});

test('not received: proof images uploaded with a progress bar; axios loads only for the upload', async ({ page, request }) => {
  const account = unique('nr');
  const token = await memberToken(request, account);
  await credit(request, account, '100000');
  const axiosLoads: string[] = [];
  page.on('request', (r) => r.url().includes('axios-upload') && axiosLoads.push(r.url()));
  await gotoAs(page, '/member/depositv2', token);
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await page.goto('/member/withdraw');
  await setUpPayout(page, '640218', 'Nusrat Jahan');
  await page.getByTestId('withdraw-amount-input').fill('1000');
  await page.getByTestId('withdraw-pin').fill('640218');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-history').locator('[data-status="W_PENDING"]')).toHaveCount(1);
  const id = await pendingWithdrawalId(request, account);
  const approved = await request.post(`/ops/payments/withdrawals/${id}/approve`, {
    headers: ops,
    data: { operator: 'e2e-cashier' },
  });
  expect(approved.ok()).toBeTruthy();
  await page.reload();
  await page.getByTestId(`withdrawal-${id}-not-received`).click();
  await expect(page.getByTestId('not-received-dialog')).toBeVisible();
  expect(axiosLoads).toEqual([]); // neither the deposit nor the withdraw page loaded it

  // a file named .png that is not a PNG is refused in the page, before any upload
  await page
    .getByTestId('proof-input')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('proof-error')).toContainText('PNG বা JPG');
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024, 9)]);
  await page.getByTestId('proof-input').setInputFiles({ name: 'bkash-statement.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('proof-files')).toContainText('bkash-statement.png');
  await page.getByTestId('complaint-input').fill('Nothing arrived in my bKash');

  // a slow uplink (256 KB/s, as on a weak mobile connection): the 1 MB upload takes seconds and
  // the bar moves on the way; the values it showed are recorded as they change
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="upload-progress"]');
      const v = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen[seen.length - 1] !== v) seen.push(v);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.getByTestId('not-received-send').click();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress.some((v) => v > 0 && v < 100)))
    .toBe(true);
  await page.screenshot({ path: 'test-results/not-received-uploading.png' });
  await expect.poll(() => axiosLoads.length).toBe(1);
  await expect(page.getByTestId('not-received-dialog')).toHaveCount(0);
  await expect(page.getByTestId(`withdrawal-${id}`).locator('[data-status="NOT_RECEIVED"]')).toBeVisible();
  await expect(page.getByTestId(`withdrawal-${id}`)).toContainText('bkash-statement.png');
  await page.screenshot({ path: 'test-results/withdraw-after-report.png', fullPage: true });

  const detail = await request.get(`/ops/payments/withdrawals/${id}`, { headers: ops });
  const w = (await detail.json()).value;
  expect(w).toMatchObject({ confirmation: 'NOT_RECEIVED', complaint: 'Nothing arrived in my bKash' });
  const img = await request.get(`/ops/payments/withdrawals/${id}/proofs/${w.proofs[0].id}`, { headers: ops });
  expect(img.headers()['content-type']).toBe('image/png');
  expect((await img.body()).equals(png)).toBe(true);

  // an operator finds the payout bounced and refunds it: the member reads why, and the money is back
  await expect(page.getByTestId(`withdrawal-${id}`)).toContainText('আপনার রিপোর্টটি আমরা দেখছি');
  const refund = await request.post(`/ops/payments/withdrawals/${id}/resolve`, {
    headers: ops,
    data: { operator: 'e2e-cashier', outcome: 'REFUNDED', note: 'bKash returned the payout' },
  });
  expect(refund.ok()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId(`withdrawal-${id}-dispute`)).toContainText('মূল ওয়ালেটে ফেরত');
  await expect(page.getByTestId(`withdrawal-${id}-dispute`)).toContainText('bKash returned the payout');
  await expect(page.getByRole('button', { name: 'পরে পেয়েছি' })).toHaveCount(0);
  const wallets = await request.get('/wps/v2/wallets/balance', { headers: { authorization: token } });
  expect((await wallets.json()).value.wallets[0].balance).toBe('100000');
});

test('the pages at 390 px, BN and EN', async ({ page, request }) => {
  const account = unique('look');
  const token = await memberToken(request, account);
  await credit(request, account, '350000');
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, '/member/depositv2', token);
  await page.getByTestId('deposit-amount-input').fill('2500');
  await expect(page.getByTestId('deposit-quote')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/deposit-390-bn.png', fullPage: true });
  await page.goto('/member/withdraw');
  await expect(page.getByTestId('pin-form')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/withdraw-390-bn.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('hisLang', 'EN'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId('pin-form')).toBeVisible();
  await page.screenshot({ path: 'test-results/withdraw-1280-en.png', fullPage: true });
  await page.goto('/member/depositv2');
  await page.getByTestId('deposit-amount-input').fill('abc');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('Enter taka with at most 2 decimals, e.g. 500 or 1250.50');
  await page.screenshot({ path: 'test-results/deposit-1280-en.png', fullPage: true });
});
