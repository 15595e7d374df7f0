import { expect, test, type Page } from '@playwright/test';
import { OPS_KEY, gotoAs, memberToken, unique } from './support';

/**
 * Issue 10's messages: an operator's message reaches an open member centre live (the badge rises
 * without a reload), the member opens it (the badge clears), deletes it, at a phone's 390 px.
 */
const ops = { 'X-Ops-Key': OPS_KEY };
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.use({ viewport: { width: 390, height: 844 } });

test('an operator sends a message: the badge rises live, opening it clears the badge', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
  const account = unique('msg');
  const token = await memberToken(request, account);
  // the live channel has answered the handshake (socket.io's connect packet) before the operator sends
  const connected = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).startsWith('40') && resolve())),
  );
  await gotoAs(page, '/member/messageV2', token);
  await expect(page.getByTestId('member-page-messageV2')).toContainText('You have no messages.');
  await expect(page.getByTestId('badge-messageV2')).toHaveCount(0);
  await connected;

  const sent = await request.post('/ops/messages', {
    headers: ops,
    data: { account, title: 'Welcome bonus', content: '<p>Hello <b>there</b><script>alert(1)</script></p>' },
  });
  expect(sent.status()).toBe(201);

  // live: the badge rises and the list shows the message, without a reload
  await expect(page.getByTestId('badge-messageV2')).toHaveText('1');
  const item = page.locator('[data-testid^="message-"][data-read]').first();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('Welcome bonus');
  expect(await fitsWidth(page)).toBe(true);

  await item.getByRole('button').first().click();
  await expect(page.getByTestId('message-content')).toContainText('Hello there');
  expect(await page.getByTestId('message-content').innerHTML()).not.toContain('script');
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('badge-messageV2')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByTestId('message-delete-confirm')
    .getByRole('button', { name: /confirm/i })
    .click();
  await expect(page.getByTestId('member-page-messageV2')).toContainText('You have no messages.');
  expect(await fitsWidth(page)).toBe(true);
});
