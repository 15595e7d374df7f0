import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const OPS_KEY = process.env.KHELA_OPS_KEY ?? 'e2e-ops-key';
const ops = { 'X-Ops-Key': OPS_KEY };

export async function setSetting(request: APIRequestContext, key: string, value: unknown) {
  const res = await request.put(`/ops/settings/${key}`, { headers: ops, data: { value } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A member (type: 0 player, 4 trial, 1/2/41/42 agent) and a session token for it. */
export async function memberToken(request: APIRequestContext, account: string, type = 0): Promise<string> {
  const created = await request.post('/ops/members', { headers: ops, data: { account, nickname: account, type } });
  expect([200, 201, 409]).toContain(created.status());
  const res = await request.post('/ops/sessions', { headers: ops, data: { account } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).value.token as string;
}

/** A one-time login code for a session (what an operator's link `/?login=<code>` carries). */
export async function loginCode(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/ops/sessions/login-codes', { headers: ops, data: { token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).value.loginCode as string;
}

/**
 * Opens a page signed in with `token`, through a one-time login link as an operator's link does, and
 * returns once the tab holds the session. A link never replaces the tab's session, so a tab signed
 * in as someone else logs out first (as a visitor would before opening it).
 */
export async function gotoAs(page: Page, path: string, token: string) {
  if (page.url().startsWith('http')) {
    const current = await page.evaluate(() => sessionStorage.getItem('token')).catch(() => null);
    if (current && current !== token) await page.evaluate(() => sessionStorage.removeItem('token'));
  }
  const code = await loginCode(page.request, token);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}login=${encodeURIComponent(code)}`);
  // signed in once the page has handed the code over: a page whose first frame is drawn by the
  // origin loads its scripts after that paint, so its load event can come before the handover, and
  // a navigation right away would leave the tab without a session
  await page.waitForFunction(() => sessionStorage.getItem('token') !== null);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Switches a whitelabel flag (e.g. SMSLOGIN3); the storefront reads it at its next load. */
export async function setFlag(request: APIRequestContext, modId: string, enabled: boolean) {
  const res = await request.put(`/ops/whitelabel/${modId}`, { headers: ops, data: { enabled } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * What the Content-Security-Policy refused in any page of the context (popups included): Chromium
 * reports each refusal on the console. A spec expects the list empty when it ends.
 */
export function watchCsp(context: BrowserContext): string[] {
  const refused: string[] = [];
  context.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) refused.push(`${m.location().url}: ${m.text()}`);
  });
  return refused;
}
