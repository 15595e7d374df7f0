import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { migrate } from '../../db/migrate';
import { createTestDb, type TestDb } from '../../test-support/test-db';

jest.setTimeout(60_000);
import {
  codeSubject,
  codeText,
  createHttpSmsProvider,
  createMessenger,
  createOutboxProvider,
  createSmtpProvider,
  langOf,
  MessagingError,
  readOutbox,
  temporaryPasswordEmail,
} from './index';

describe('texts', () => {
  test('codes in BN and EN, with the purpose and the minutes', () => {
    expect(codeText('EN', 'login', '123456', 2)).toBe(
      'Khela: 123456 is your code to log in. It expires in 2 minutes. Never share it with anyone, not even with Khela staff.',
    );
    expect(codeText('EN', 'reset', '000001', 1)).toContain('to reset your password. It expires in 1 minute.');
    const bn = codeText('BN', 'register', '654321', 2);
    expect(bn).toContain('654321'); // the code stays in ASCII digits: it is typed back
    expect(bn).toContain('২ মিনিটের');
    expect(bn).toContain('নিবন্ধন');
    expect(codeSubject('BN', 'login-verify')).toContain('লগইন নিশ্চিত');
    expect(codeSubject('EN', 'login-verify')).toBe('Khela: your code to confirm this sign-in');
  });

  test('the temporary password e-mail in both languages', () => {
    const en = temporaryPasswordEmail('EN', 'rahim', 'Tmp-Pass-123', 30);
    expect(en.subject).toBe('Khela: your temporary password');
    expect(en.text).toContain('Temporary password: Tmp-Pass-123');
    expect(en.text).toContain('30 minutes');
    const bn = temporaryPasswordEmail('BN', 'rahim', 'Tmp-Pass-123', 30);
    expect(bn.subject).toBe('খেলা: আপনার অস্থায়ী পাসওয়ার্ড');
    expect(bn.text).toContain('অস্থায়ী পাসওয়ার্ড: Tmp-Pass-123');
    expect(bn.text).toContain('৩০ মিনিট');
  });

  test('a language header or member language becomes BN or EN (BN by default)', () => {
    expect(langOf('EN')).toBe('EN');
    expect(langOf('en-GB')).toBe('EN');
    expect(langOf('BN')).toBe('BN');
    expect(langOf(undefined)).toBe('BN');
  });
});

describe('the outbox provider', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ migrated: true });
    await migrate(t.db);
  });
  afterAll(() => t.dispose());

  test('stores SMS and e-mail; reads the latest, per recipient', async () => {
    const outbox = createOutboxProvider(t.db);
    await outbox.sendSms('+8801712345678', 'first');
    await outbox.sendEmail('a@example.com', 'Subject', 'mail body');
    await outbox.sendSms('+8801712345678', 'second');
    const sms = await readOutbox(t.db, { to: '+8801712345678' });
    expect(sms.map((m) => [m.channel, m.body])).toEqual([
      ['sms', 'second'],
      ['sms', 'first'],
    ]);
    expect(await readOutbox(t.db, { to: 'a@example.com' })).toMatchObject([
      { channel: 'email', subject: 'Subject', body: 'mail body' },
    ]);
    expect(await readOutbox(t.db, { limit: 1 })).toHaveLength(1);
  });

  test('the environment chooses the providers; one missing its settings fails at start', () => {
    expect(createMessenger(t.db, {})).toMatchObject({ smsProvider: 'outbox', emailProvider: 'outbox' });
    expect(createMessenger(t.db, { KHELA_SMS_PROVIDER: 'http-sms', SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms' }).smsProvider).toBe(
      'http-sms',
    );
    expect(createMessenger(t.db, { KHELA_EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' }).emailProvider).toBe('smtp');
    expect(() => createMessenger(t.db, { KHELA_SMS_PROVIDER: 'http-sms' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => createMessenger(t.db, { KHELA_EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => createMessenger(t.db, { KHELA_SMS_PROVIDER: 'pigeon' })).toThrow(/unknown provider/);
  });
});

describe('the HTTP SMS gateway provider', () => {
  const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  let status = 200;
  const server = createHttpServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(data) });
      res.statusCode = status;
      res.end('{}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('posts { to, text } as JSON with the bearer token', async () => {
    await createHttpSmsProvider({ url, token: 'secret-token' }).sendSms('+8801712345678', 'hello');
    expect(received.at(-1)).toMatchObject({
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token' },
      body: { to: '+8801712345678', text: 'hello' },
    });
  });

  test('a refusal or an unreachable gateway is a MessagingError', async () => {
    status = 503;
    await expect(createHttpSmsProvider({ url }).sendSms('+8801', 'x')).rejects.toThrow(MessagingError);
    status = 200;
    await expect(createHttpSmsProvider({ url: 'http://127.0.0.1:1/none' }).sendSms('+8801', 'x')).rejects.toThrow(/unreachable/);
  });
});

describe('the SMTP provider', () => {
  // A minimal SMTP server: enough of the protocol for nodemailer to deliver one message.
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createTcpServer((socket) => {
    let current = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 test\r\n');
        else if (cmd === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (cmd === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('delivers a plain-text message through the SMTP server', async () => {
    const smtp = createSmtpProvider({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Khela <no-reply@khela.example>' });
    await smtp.sendEmail('rahim@example.com', 'Khela: your code', 'Your code is 123456');
    smtp.close();
    expect(messages).toHaveLength(1);
    expect(messages[0].from).toContain('no-reply@khela.example');
    expect(messages[0].to[0]).toContain('rahim@example.com');
    expect(messages[0].data).toContain('Subject: Khela: your code');
    expect(messages[0].data).toContain('Your code is 123456');
  });

  test('an unreachable server is a MessagingError', async () => {
    const smtp = createSmtpProvider({ url: 'smtp://127.0.0.1:1' });
    await expect(smtp.sendEmail('a@example.com', 's', 't')).rejects.toThrow(MessagingError);
    smtp.close();
  });
});
