import type { FastifyInstance } from 'fastify';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { listen } from '../live/live.test-support';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let base: string;
let seq = 0;
beforeAll(async () => {
  t = await createTestApi({ settingsCacheMs: 0 });
  base = await listen(t.app);
  await opsCall(t.app, 'PUT', '/ops/settings/feedbackWords', { value: { min: 3, max: 10 } });
});
afterAll(() => t.dispose());

async function member(type = 0) {
  const account = `fb${Date.now().toString(36).slice(-4)}${++seq}`;
  await opsCall(t.app, 'POST', '/ops/members', { account, nickname: account, type });
  const s = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { account, token: s.body.value.token as string };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 2)]);

function form(content: string | null, files: { name: string; data: Buffer; type?: string }[]) {
  const boundary = 'fbboundary';
  const parts: Buffer[] = [];
  if (content !== null)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(
  token: string | undefined,
  content: string | null,
  files: { name: string; data: Buffer; type?: string }[] = [],
) {
  const f = form(content, files);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    payload: f.payload,
    headers: { ...f.headers, ...(token ? { authorization: token } : {}) },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON
  return { status: res.statusCode, body: res.json() as { errorCode?: string; value: any } };
}
const count = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n;

describe('PUT /wps/feedback', () => {
  it('guests 401, trial accounts 403', async () => {
    expect((await send(undefined, 'one two three')).status).toBe(401);
    const trial = await member(4);
    expect((await send(trial.token, 'one two three')).body.errorCode).toBe('NEED_REAL_ACCOUNT');
  });

  it('agents (types 1, 2, 41, 42) send feedback like players', async () => {
    for (const type of [1, 2, 41, 42]) {
      const agent = await member(type);
      const res = await send(agent.token, 'The team report is clear', [{ name: 'a.png', data: PNG }]);
      expect(res.status).toBe(200);
    }
  });

  it('keeps the text and up to 3 images checked by their bytes', async () => {
    const m = await member();
    const res = await send(m.token, 'The deposit page  is slow today', [
      { name: 'a.png', data: PNG },
      { name: 'b.jpg', data: JPG, type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    const imgs = await t.db.query<{ content_type: string }>(
      'SELECT content_type FROM feedback_images WHERE feedback_id = $1 ORDER BY id',
      [res.body.value.id],
    );
    expect(imgs.map((i) => i.content_type)).toEqual(['image/png', 'image/jpeg']);
  });

  it.each([
    ['too few words', 'two words', [], 'FEEDBACK_WORDS', 400],
    ['too many words', 'a b c d e f g h i j k', [], 'FEEDBACK_WORDS', 400],
    [
      'a text file named .png',
      'this is fine text',
      [{ name: 'x.png', data: Buffer.from('not an image at all, just text') }],
      'FEEDBACK_NOT_IMAGE',
      400,
    ],
    [
      'four images',
      'this is fine text',
      [PNG, PNG, PNG, PNG].map((data, i) => ({ name: `${i}.png`, data })),
      'FEEDBACK_TOO_MANY',
      413,
    ],
    [
      'an image over 5 MB',
      'this is fine text',
      [{ name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }],
      'FEEDBACK_TOO_LARGE',
      413,
    ],
  ] as const)('refuses %s and keeps nothing', async (_name, content, files, code, status) => {
    const m = await member();
    const before = await count();
    const res = await send(m.token, content, [...files]);
    expect(res).toMatchObject({ status, body: { errorCode: code } });
    expect(await count()).toBe(before);
  });

  it('operators list it with npm run ops -- feedback', async () => {
    const m = await member();
    await send(m.token, 'Please add more live tables', [{ name: 'shot.png', data: PNG }]);
    const lines: string[] = [];
    await runOps(['feedback', '--limit', '1'], { baseUrl: base, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
    expect(lines[0]).toMatch(new RegExp(`^#\\d+ {2}\\S+ {2}${m.account}$`));
    expect(lines[1]).toBe('  Please add more live tables');
    expect(lines[2]).toMatch(/^ {2}image \d+: shot.png \(image\/png, 1 KB\) -> GET \/ops\/feedback\/images\/\d+$/);
    const id = lines[2].match(/images\/(\d+)$/)![1];
    const img = await t.app.inject({ url: `/ops/feedback/images/${id}`, headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });
});
