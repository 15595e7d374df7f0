import { expect, test } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

const ops = { 'X-Ops-Key': OPS_KEY };

/**
 * The public state after login (issue 13): the header shows the member's VIP label (the operator's
 * levels; an operator-set level counts), and the unread messages, raised live by an operator's
 * message. A trial account loads neither unread messages nor the member's data.
 */
test('a member sees the VIP label and the unread count rise live', async ({ page, request }) => {
  const account = unique('pub');
  const token = await memberToken(request, account);
  const raised = await request.post('/ops/promotions/vip', { headers: ops, data: { account, level: 2 } });
  expect(raised.ok(), await raised.text()).toBeTruthy();
  const connected = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).startsWith('40') && resolve())),
  );
  await gotoAs(page, '/', token);
  await expect(page.getByTestId('header-vip')).toHaveAttribute('data-rank', '2');
  await expect(page.getByTestId('header-messages')).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveCount(0);
  await connected;

  const sent = await request.post('/ops/messages', { headers: ops, data: { account, title: 'Hello', content: '<p>Hi</p>' } });
  expect(sent.status()).toBe(201);
  await expect(page.getByTestId('header-unread')).toHaveText('1');
});

test('a trial account loads neither unread messages nor member data', async ({ page, request }) => {
  const token = await memberToken(request, unique('pubt'), 4);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/CSP_unreadCount|\/wps\/member\/summary|funds\/consolidated/.test(path)) asked.push(path);
  });
  await gotoAs(page, '/', token);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expect(page.getByTestId('header-messages')).toHaveCount(0);
  await expect(page.getByTestId('header-vip')).toHaveCount(0);
  expect(asked).toEqual([]);
});
