import type { FastifyInstance } from 'fastify';
import { io as ioClient } from 'socket.io-client';
import { LIVE_PATH } from '@khela/api/live';
import { CHAT_MAX_LENGTH, OPS_LIVE_NAMESPACE, type ChatMessageDto, type OpsChatEvent } from '@khela/api/chat';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { connectLive, eventually, listen, type ClientSocket } from '../live/live.test-support';
import { cleanChatBody } from './chat.plugin';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let base: string;
let seq = 0;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApi({ live: { sessionCheckMs: 0 } });
  base = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.dispose();
});

async function member(type = 0) {
  const account = `ch${Date.now().toString(36).slice(-4)}${++seq}`;
  await opsCall(t.app, 'POST', '/ops/members', { account, nickname: account, type });
  const s = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { account, token: s.body.value.token as string };
}

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON
  return { status: res.statusCode, body: res.json() as { errorCode?: string; value: any } };
}

/** An operators' page connection (the /ops namespace); rejects with the refusal. */
function connectOps(opsKey: string): Promise<ClientSocket & { received: [string, unknown][] }> {
  const socket = ioClient(base + OPS_LIVE_NAMESPACE, {
    path: LIVE_PATH,
    auth: { opsKey },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  }) as ClientSocket & { received: [string, unknown][] };
  socket.received = [];
  socket.onAny((event: string, payload: unknown) => socket.received.push([event, payload]));
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('the CBS_* relay', () => {
  it('lists the models and launches a chat on the storefront chat page', async () => {
    const models = await call('GET', '/wps/relay/CBS_modelList');
    expect(models.body.value.map((m: { modelCode: string }) => m.modelCode)).toEqual([
      'GENERAL',
      'DEPOSIT',
      'WITHDRAWAL',
      'ACCOUNT',
    ]);
    const launch = await call('GET', '/wps/relay/CBS_launchChat?modelCode=DEPOSIT');
    expect(launch.body.value).toEqual({ chatUrl: '/livechat?model=DEPOSIT' });
    expect((await call('GET', '/wps/relay/CBS_launchChat?modelCode=NOPE')).status).toBe(400);
  });
});

describe('a conversation', () => {
  it('a member message reaches the operators live, the answer reaches the member live, both stored', async () => {
    const m = await member();
    const ops = await connectOps(TEST_OPS_KEY);
    const live = await connectLive(base, { token: m.token });
    sockets.push(live);

    const sent = await call('POST', '/wps/chat/messages', m.token, { body: '  I cannot deposit  ', modelCode: 'DEPOSIT' });
    expect(sent.status).toBe(201);
    expect(sent.body.value).toMatchObject({ sender: 'MEMBER', body: 'I cannot deposit' });
    const event = await eventually<OpsChatEvent>(ops, 'chat', (e) => e.message.id === sent.body.value.id);
    expect(event.conversation).toMatchObject({ account: m.account, modelCode: 'DEPOSIT', status: 'OPEN', waiting: true });

    const conversationId = event.conversation.id;
    const listed = await opsCall(t.app, 'GET', '/ops/chat/conversations');
    expect(listed.body.value.find((c: { id: number }) => c.id === conversationId)).toMatchObject({ waiting: true });

    const answer = await opsCall(t.app, 'POST', `/ops/chat/conversations/${conversationId}/messages`, { body: 'Which method?' });
    expect(answer.status).toBe(201);
    const pushed = await eventually<ChatMessageDto>(live, 'chat', (c) => c.id === answer.body.value.id);
    expect(pushed).toMatchObject({ sender: 'OPERATOR', body: 'Which method?', conversationId });
    await eventually<OpsChatEvent>(ops, 'chat', (e) => e.message.id === answer.body.value.id && !e.conversation.waiting);

    // a second message joins the same open conversation
    await call('POST', '/wps/chat/messages', m.token, { body: 'bKash' });
    const mine = await call('GET', '/wps/chat/messages', m.token);
    expect(mine.body.value.conversationId).toBe(conversationId);
    expect(mine.body.value.messages.map((x: ChatMessageDto) => [x.sender, x.body])).toEqual([
      ['MEMBER', 'I cannot deposit'],
      ['OPERATOR', 'Which method?'],
      ['MEMBER', 'bKash'],
    ]);
    const thread = await opsCall(t.app, 'GET', `/ops/chat/conversations/${conversationId}/messages`);
    expect(thread.body.value.messages).toHaveLength(3);

    // closed: no more answers there; the member's next message opens a new conversation
    expect((await opsCall(t.app, 'POST', `/ops/chat/conversations/${conversationId}/close`)).body.value.status).toBe('CLOSED');
    const late = await opsCall(t.app, 'POST', `/ops/chat/conversations/${conversationId}/messages`, { body: 'hello?' });
    expect(late.body.errorCode).toBe('CHAT_CLOSED');
    expect((await call('GET', '/wps/chat/messages', m.token)).body.value).toEqual({
      conversationId: null,
      modelCode: null,
      messages: [],
    });
    const next = await call('POST', '/wps/chat/messages', m.token, { body: 'again' });
    expect(next.body.value.conversationId).not.toBe(conversationId);
  });

  it('refuses guests, trial accounts and bad text, changing nothing', async () => {
    expect((await call('POST', '/wps/chat/messages', undefined, { body: 'hi' })).status).toBe(401);
    const trial = await member(4);
    expect((await call('POST', '/wps/chat/messages', trial.token, { body: 'hi' })).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    const m = await member();
    expect((await call('POST', '/wps/chat/messages', m.token, { body: ' \n\t ' })).body.errorCode).toBe('CHAT_EMPTY');
    const long = 'x'.repeat(CHAT_MAX_LENGTH + 1);
    expect((await call('POST', '/wps/chat/messages', m.token, { body: long })).body.errorCode).toBe('CHAT_TOO_LONG');
    expect((await call('GET', '/wps/chat/messages', m.token)).body.value.conversationId).toBeNull();
    expect((await opsCall(t.app, 'POST', '/ops/chat/conversations/999999/messages', { body: 'x' })).status).toBe(404);
  });

  it('operators need the key, on the routes and on the socket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/chat/conversations' });
    expect(res.statusCode).toBe(401);
    await expect(connectOps('wrong')).rejects.toThrow();
    await expect(connectOps('')).rejects.toThrow();
  });
});

describe('cleanChatBody', () => {
  it('trims, keeps new lines, drops control characters, counts characters not bytes', () => {
    expect(cleanChatBody(' a\r\nb\u0007 ')).toBe('a\nb');
    expect(cleanChatBody('ক'.repeat(CHAT_MAX_LENGTH))).toHaveLength(CHAT_MAX_LENGTH);
  });
});
