import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../app';
import { REGISTRATION_FIELD_RULES, WHITELABEL_FLAGS } from '../../db/seed';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { decryptCsPath } from './cs-path';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const status = async (remoteAddress = '203.0.113.9', app = t.app) => {
  const res = await app.inject({ url: '/wps/system/status', remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json().value;
};
const setSetting = async (key: string, value: unknown) =>
  expect((await opsCall(t.app, 'PUT', `/ops/settings/${key}`, { value })).status).toBe(200);

describe('GET /wps/system/status', () => {
  afterEach(async () => {
    await setSetting('maintenance', false);
    await setSetting('regionRestriction', false);
    await setSetting('regionAllowList', []);
  });

  it('is 0 by default and shows the visitor IP', async () => {
    expect(await status()).toEqual({ status: 0, ip: '203.0.113.9', maintenance: false, regionRestriction: false });
  });

  it('is 1 in maintenance, which wins over the region restriction', async () => {
    await setSetting('maintenance', true);
    expect(await status()).toMatchObject({ status: 1, maintenance: true });
    await setSetting('regionRestriction', true);
    expect(await status()).toEqual({ status: 1, ip: '203.0.113.9', maintenance: true, regionRestriction: true });
  });

  it('is 2 when the region is restricted and the IP is not allowed, 0 when it is', async () => {
    await setSetting('regionRestriction', true);
    expect(await status()).toEqual({ status: 2, ip: '203.0.113.9', maintenance: false, regionRestriction: true });
    await setSetting('regionAllowList', ['198.51.100.0/24', '203.0.113.0/24']);
    expect((await status()).status).toBe(0);
    expect((await status('198.51.100.20')).status).toBe(0);
    expect((await status('192.0.2.1')).status).toBe(2);
  });

  it('takes the visitor IP from X-Forwarded-For only when trustProxy is on', async () => {
    const proxied = await buildApi({ db: t.db, opsKey: TEST_OPS_KEY, docsUi: false, trustProxy: true });
    try {
      const headers = { 'x-forwarded-for': '198.51.100.77' };
      expect((await proxied.inject({ url: '/wps/system/status', headers })).json().value.ip).toBe('198.51.100.77');
      expect((await t.app.inject({ url: '/wps/system/status', headers })).json().value.ip).toBe('127.0.0.1');
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /wps/system/permission', () => {
  it('answers the permission info with encrypted customer-service paths', async () => {
    const res = await t.app.inject({ url: '/wps/system/permission', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      domainRoute: { mainDomain: 'khela.example', apiBase: '/wps' },
      mainDomain: 'khela.example',
      gtagId: null,
      location: { ip: '203.0.113.9' },
      maintenance: false,
      regionRestriction: false,
    });
    expect(v.imageCDNs.length).toBeGreaterThan(0);
    expect(v.launchGameCDNs.length).toBeGreaterThan(0);
    expect(Object.keys(v.resources).sort()).toEqual(['app', 'social']);
    expect(v.resources.social[0]).toEqual({ labelNameEn: 'Facebook', url: 'https://facebook.com/khela.example' });
    expect(v.customerService.map((c: { csType: string }) => c.csType)).toEqual(['whatsapp', 'livechat', 'telegram', 'link']);
    expect(v.customerService[0].path).not.toContain('wa.me');
    expect(await decryptCsPath(v.customerService[0].path)).toBe('https://wa.me/8801700000001');
    expect(v.whitelabel.map((n: { modId: string }) => n.modId)).toEqual(['REG3', 'COMM3', 'SECURITY3', 'AGENT3']);
    expect(v.registrationFieldRules).toHaveLength(15);
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('answers the flags as a tree holding every seeded flag', async () => {
    const tree = (await t.app.inject('/wps/system/whitelabel')).json().value;
    type Node = { modId: string; enabled: boolean; childrenNodes: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.childrenNodes)]);
    expect(
      flat(tree)
        .map((n) => n.modId)
        .sort(),
    ).toEqual(WHITELABEL_FLAGS.map(([id]) => id).sort());
    const reg = tree.find((n: Node) => n.modId === 'REG3');
    expect(reg.childrenNodes.map((n: Node) => n.modId)).toEqual(
      expect.arrayContaining(['USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3']),
    );
    expect(flat(tree).find((n) => n.modId === 'USERNAMEREG3')).toEqual({
      modId: 'USERNAMEREG3',
      enabled: true,
      childrenNodes: [],
    });
    for (const id of [
      'AGENTPOLICY3',
      'CHNGPASSVERIF3',
      'FREEPLAY3',
      'SMSLOGIN3',
      'PHONERESET3',
      'SOCIALLOGIN3',
      'COUNTRYCODE3',
      'PWDPOLICY3',
      'REFERRAL3',
    ]) {
      expect(flat(tree).some((n) => n.modId === id)).toBe(true);
    }
  });
});

describe('GET /wps/system/domainRoute and /wps/system/setting/register', () => {
  it('answers the domain route the server decides', async () => {
    expect((await t.app.inject('/wps/system/domainRoute')).json()).toEqual({
      success: true,
      message: 'OK',
      value: { mainDomain: 'khela.example', domains: ['khela.example', 'www.khela.example'], apiBase: '/wps' },
    });
  });

  it('answers the 15 registration field rules in the contract shape', async () => {
    const rules = (await t.app.inject('/wps/system/setting/register')).json().value;
    expect(rules.map((r: { field: string }) => r.field)).toEqual(REGISTRATION_FIELD_RULES.map(([f]) => f));
    expect(rules.find((r: { field: string }) => r.field === 'mobileNum')).toEqual({
      field: 'mobileNum',
      enabled: true,
      required: false,
      patternId: 'MOBILE',
      acceptedPattern: '^01[3-9]\\d{8}$',
      minLength: 11,
      maxLength: 11,
    });
    const mobile = new RegExp(rules.find((r: { field: string }) => r.field === 'mobileNum').acceptedPattern);
    expect(mobile.test('01712345678')).toBe(true);
    expect(mobile.test('01212345678')).toBe(false);
  });
});
