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

/** Opens a page with the token handed over in the URL, as the platform's links do. */
export async function gotoAs(page: Page, path: string, token: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`);
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
