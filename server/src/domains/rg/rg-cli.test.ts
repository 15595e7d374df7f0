import type { AddressInfo } from 'node:net';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY } from '../../test-support/test-db';

jest.setTimeout(60_000);

let t: Awaited<ReturnType<typeof createTestApi>>;
let baseUrl: string;
const lines: string[] = [];
const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });

beforeAll(async () => {
  t = await createTestApi({ auth: { unsafeTestCrypto: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  process.env.KHELA_OPERATOR = 'cli-tester';
});
beforeEach(() => (lines.length = 0));
afterAll(async () => t?.dispose());

describe('npm run ops -- self-exclude | rg', () => {
  it('self-excludes at once, ends the sessions, shows it, and refuses to shorten it', async () => {
    const account = `rgcli${Date.now().toString(36).slice(-5)}`;
    expect((await opsCall(t.app, 'POST', '/ops/members', { account, type: 0 })).status).toBe(201);
    const token = (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
    await run('self-exclude', account, '1y');
    expect(lines[0]).toMatch(
      new RegExp(`^${account}: self-exclusion from \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ until \\d{4}-.*; every session ended$`),
    );
    const me = await t.app.inject({ url: '/wps/rg', headers: { authorization: token } });
    expect(me.statusCode).toBe(401);
    await expect(run('self-exclude', account, '7d')).rejects.toThrow(/409 EXCLUSION_CANNOT_SHORTEN/);
    await expect(run('self-exclude', account, 'forever')).rejects.toThrow(/needs an account and a period/);
    lines.length = 0;
    await run('rg', account);
    expect(lines[0]).toMatch(/self-exclusion from .* until/);
    expect(lines.join('\n')).toMatch(/EXCLUDED by ops:cli-tester/);
  });
});
