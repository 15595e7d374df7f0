import { expect, test } from '@playwright/test';
import { gotoAs, memberToken, OPS_KEY, unique } from './support';

/**
 * Live chat (issue 13): a member opens the chat from the right bar (the launch answers chatUrl, the
 * storefront's chat page, in the customer-service window); the message reaches the operators' page
 * live, and the operator's answer comes back to the member's window live.
 */
test('a chat message reaches the operators and the answer comes back live', async ({ page, browser, request }) => {
  const account = unique('chat');
  const token = await memberToken(request, account);
  await gotoAs(page, '/', token);
  await expect(page.getByTestId('header-user')).toBeVisible();

  const popupOpened = page.context().waitForEvent('page');
  await page
    .getByTestId('right-bar')
    .getByRole('button', { name: /Live chat|লাইভ চ্যাট/ })
    .click();
  const chat = await popupOpened;
  await chat.waitForURL(/\/livechat\?model=GENERAL/);
  const box = chat.getByTestId('live-chat');
  // the window has the tab's session and its own live channel
  await expect(box).toHaveAttribute('data-live', 'online');
  await expect(chat.getByTestId('chat-topic')).toBeVisible();
  await chat.getByTestId('chat-topic').selectOption('DEPOSIT');
  await chat.getByTestId('chat-input').fill('My deposit has not arrived');
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'My deposit has not arrived' })).toHaveAttribute(
    'data-sender',
    'MEMBER',
  );

  // the operators' page, in its own browser context (another person's browser)
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await ops.goto('/operators/chat');
  await ops.getByTestId('ops-key').fill(OPS_KEY);
  await ops.getByTestId('ops-key').press('Enter');
  await expect(ops.getByTestId('ops-chat-status')).toHaveText(/Live|লাইভ/);
  const conversation = ops.locator(`[data-testid="ops-conversation"][data-account="${account}"]`);
  await expect(conversation).toContainText('My deposit has not arrived');
  await conversation.click();
  await expect(ops.getByTestId('chat-message').filter({ hasText: 'My deposit has not arrived' })).toBeVisible();

  // the member writes again: it arrives on the open operators' page without a reload
  await chat.getByTestId('chat-input').fill('It was by bKash');
  await chat.getByTestId('chat-input').press('Enter');
  await expect(ops.getByTestId('chat-message').filter({ hasText: 'It was by bKash' })).toBeVisible();

  // the answer comes back to the member's window live
  await ops.getByTestId('chat-input').fill('We are checking it now');
  await ops.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'We are checking it now' })).toHaveAttribute(
    'data-sender',
    'OPERATOR',
  );
  await chat.setViewportSize({ width: 390, height: 750 });
  await chat.screenshot({ path: test.info().outputPath('live-chat.png') });
  await ops.screenshot({ path: test.info().outputPath('ops-chat.png') });

  // an empty message is refused with a translated error, nothing sent
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-error')).toBeVisible();
  await expect(chat.getByTestId('chat-message')).toHaveCount(3);
  await opsContext.close();
});

test('a wrong operator key is refused on the operators page', async ({ page }) => {
  await page.goto('/operators/chat');
  await page.getByTestId('ops-key').fill('not-the-key');
  await page.getByTestId('ops-key').press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('ops-key')).toBeVisible();
});
