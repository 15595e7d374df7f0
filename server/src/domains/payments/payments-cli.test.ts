import type { AddressInfo } from 'node:net';
import { runOps } from '../../cli/ops';
import { TEST_OPS_KEY } from '../../test-support/test-db';
import {
  call,
  createPayTestApi,
  credit,
  expectCleanLedger,
  memberWithSession,
  sandboxCallback,
  setRules,
  type PayTestApi,
} from './payments.test-support';

jest.setTimeout(60_000);

let t: PayTestApi;
let baseUrl: string;
const lines: string[] = [];
const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });

beforeAll(async () => {
  t = await createPayTestApi();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  process.env.KHELA_OPERATOR = 'cli-tester';
});
beforeEach(() => (lines.length = 0));
afterAll(async () => {
  await expectCleanLedger(t);
  await t.dispose();
});

describe('npm run ops -- channels | channel-set', () => {
  it('shows the channels and changes one in taka and per cent', async () => {
    await run('channels');
    expect(lines.join('\n')).toMatch(/BKASH\s+on\s+bKash \/ বিকাশ\s+৳200.00 – ৳25,000.00, no fee, via SANDBOX/);
    expect(lines.join('\n')).toMatch(/ROCKET .*fee 1.00%/);
    lines.length = 0;
    await run('channel-set', 'rocket', '--min', '300', '--fee-percent', '1.25', '--quick', '500,1000', '--disable');
    expect(lines[1]).toMatch(/ROCKET\s+OFF\s+Rocket .*৳300.00 – ৳25,000.00, fee 1.25%/);
    expect(lines[2]).toMatch(/quick amounts: ৳500.00, ৳1,000.00 {2}\(last changed by ops:cli-tester\)/);
    await expect(run('channel-set', 'ROCKET')).rejects.toThrow(/nothing to change/);
    await expect(run('channel-set', 'ROCKET', '--min', 'abc')).rejects.toThrow(/not an amount of taka/);
    await expect(run('channel-set', 'ROCKET', '--min', '30000')).rejects.toThrow(/CHANNEL_INVALID/);
    await expect(run('channel-set', 'NOPE', '--enable')).rejects.toThrow(/CHANNEL_NOT_FOUND/);
    await run('channel-set', 'ROCKET', '--min', '500', '--fee-percent', '1', '--enable');
  });
});

describe('npm run ops -- withdrawals | withdrawal | withdrawal-approve | withdrawal-reject | withdrawal-resolve | deposits | payment-rules', () => {
  it('works the queue from the command line', async () => {
    await run('payment-rules', 'turnoverMultiplier', '0', 'withdrawMin', '100');
    expect(lines).toContain('withdrawMin                  ৳100.00');
    expect(lines).toContain('turnoverMultiplier           0');
    expect(lines).toContain('withdrawDailyCount           3 (default)');
    await expect(run('payment-rules', 'withdrawDailyCount')).rejects.toThrow(/pairs/);
    await expect(run('payment-rules', 'bogus', '3')).rejects.toThrow(/VALIDATION_ERROR/);

    const m = await memberWithSession(t, 0, 'cli');
    const order = (
      await call(t, 'POST', '/wps/payments/deposits', { token: m.token, body: { channel: 'BKASH', amount: '50000' } })
    ).body.value;
    await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '50000' });
    lines.length = 0;
    await run('deposits', '--account', m.account);
    expect(lines[0]).toMatch(new RegExp(`${order.orderNo}\\s+PAID\\s+${m.account}\\s+BKASH\\s+৳500.00`));
    lines.length = 0;
    await run('deposit', order.orderNo);
    expect(lines[1]).toBe('  paid ৳500.00, fee ৳0.00, credited ৳500.00');

    await credit(t, m.account, '100000');
    await call(t, 'POST', '/wps/payments/payment-password', {
      token: m.token,
      body: { newPassword: '470253', confirmPassword: '470253' },
    });
    const acc = await call(t, 'POST', '/wps/payments/withdraw/accounts', {
      token: m.token,
      body: { method: 'NAGAD', accountNo: '01912345678', holderName: 'Nusrat Jahan', paymentPassword: '470253' },
    });
    const w1 = (
      await call(t, 'POST', '/wps/payments/withdrawals', {
        token: m.token,
        body: { accountId: acc.body.value.id, amount: '60000', paymentPassword: '470253' },
      })
    ).body.value;
    const w2 = (
      await call(t, 'POST', '/wps/payments/withdrawals', {
        token: m.token,
        body: { accountId: acc.body.value.id, amount: '40000', paymentPassword: '470253' },
      })
    ).body.value;
    lines.length = 0;
    await run('withdrawals', '--account', m.account);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`#${w1.id}\\s+PENDING\\s+${m.account}\\s+৳600.00\\s+NAGAD 01912345678 \\(Nusrat Jahan\\)`),
    );

    lines.length = 0;
    await run('withdrawal-reject', String(w1.id), '--reason', 'Nagad number not registered');
    expect(lines[0]).toBe(`rejected #${w1.id}: ৳600.00 is back in ${m.account}'s main wallet`);
    await expect(run('withdrawal-reject', String(w2.id))).rejects.toThrow(/--reason/);
    await run('withdrawal-approve', String(w2.id), '--reference', 'NGD7788');
    expect(lines[1]).toMatch(new RegExp(`approved #${w2.id}: ৳400.00 to NAGAD 01912345678`));
    await expect(run('withdrawal-approve', String(w2.id))).rejects.toThrow(/WITHDRAWAL_NOT_PENDING/);
    await expect(run('withdrawal-approve', 'abc')).rejects.toThrow(/needs a withdrawal id/);

    // the member reports it missing, with a proof image
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);
    const boundary = 'cliboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="complaint"\r\n\r\nnot in my Nagad\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="nagad.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/wps/payments/withdrawals/${w2.id}/not-received`,
      payload,
      headers: { authorization: m.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    lines.length = 0;
    await run('withdrawal', String(w2.id));
    expect(lines.join('\n')).toContain('payout reference NGD7788');
    expect(lines.join('\n')).toContain('member: NOT_RECEIVED');
    expect(lines.join('\n')).toContain('"not in my Nagad"');
    expect(lines.join('\n')).toMatch(
      new RegExp(`proof nagad.png \\(image/png, 3 KB\\): .*/ops/payments/withdrawals/${w2.id}/proofs/\\d+`),
    );
    lines.length = 0;
    await run('withdrawals', '--status', 'disputed');
    expect(lines.some((l) => l.includes(`#${w2.id}`))).toBe(true);
    lines.length = 0;
    await expect(run('withdrawal-resolve', String(w2.id), '--refund')).rejects.toThrow(/--note/);
    await expect(run('withdrawal-resolve', String(w2.id), '--paid', '--refund', '--note', 'x y z')).rejects.toThrow(
      /--paid or --refund/,
    );
    await run('withdrawal-resolve', String(w2.id), '--refund', '--note', 'Nagad returned it');
    expect(lines[0]).toBe(`refunded #${w2.id}: ৳400.00 is back in ${m.account}'s main wallet`);
    await expect(run('withdrawal-resolve', String(w2.id), '--paid', '--note', 'found it')).rejects.toThrow(/NOT_DISPUTED/);
    lines.length = 0;
    await run('withdrawals', '--status', 'disputed');
    expect(lines.some((l) => l.includes(`#${w2.id}`))).toBe(false);
    lines.length = 0;
    await run('payment-checks');
    expect(lines[0]).toMatch(/^deposits: \d+ expired/);
    await run('payment-rules', 'turnoverMultiplier', 'default', 'withdrawMin', 'default');
    await setRules(t, {});
  });
});
