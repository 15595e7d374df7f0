import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  CHAT_MAX_LENGTH,
  CHAT_MODELS,
  CHAT_PAGE,
  CHAT_PATHS,
  type ChatConversationDto,
  type ChatMessageDto,
  type ChatModel,
  type OpsConversationDto,
} from '@khela/api/chat';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { requireRealMember } from '../centre/guards';
import {
  closeConversation,
  conversationIds,
  findConversation,
  insertMessage,
  lastMessage,
  lockConversation,
  lockOpenConversation,
  type MessageRow,
  openConversation,
  recentMessages,
} from './chat.repo';

/**
 * Live chat (issue 13): the spec's CBS_* model list and launch (answering `chatUrl`), the member's
 * conversation with customer service, and the operators' side. Every message is stored first, then
 * pushed live: to the member's connections (`chat`) and to the operators' pages (`/ops` namespace).
 */

const tags = ['live chat'];
const security = [{ token: [] }];

const toMessage = (r: MessageRow): ChatMessageDto => ({
  id: Number(r.id),
  conversationId: Number(r.conversation_id),
  sender: r.sender,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
});

const messageView = {
  type: 'object',
  required: ['id', 'conversationId', 'sender', 'body', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    conversationId: { type: 'integer' },
    sender: { type: 'string', enum: ['MEMBER', 'OPERATOR'] },
    body: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
const conversationView = {
  type: 'object',
  required: ['id', 'account', 'modelCode', 'status', 'lastMessageAt', 'last', 'waiting'],
  properties: {
    id: { type: 'integer' },
    account: { type: 'string' },
    modelCode: { type: 'string', enum: [...CHAT_MODELS] },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    lastMessageAt: { type: 'string', format: 'date-time' },
    last: { anyOf: [messageView, { type: 'null' }] },
    waiting: { type: 'boolean' },
  },
};
const bodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['body'],
  properties: {
    body: { type: 'string', minLength: 1, maxLength: CHAT_MAX_LENGTH * 2 },
    modelCode: { type: 'string', enum: [...CHAT_MODELS] },
  },
};

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** The message's text as stored: trimmed, control characters (but new lines) removed; refused when empty or too long. */
export function cleanChatBody(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
  if (!text) throw new ApiError(400, 'CHAT_EMPTY', 'The message is empty');
  if ([...text].length > CHAT_MAX_LENGTH) throw new ApiError(400, 'CHAT_TOO_LONG', `At most ${CHAT_MAX_LENGTH} characters`);
  return text;
}

async function conversationDto(q: Queryable, id: number): Promise<OpsConversationDto> {
  const c = await findConversation(q, id);
  if (!c) throw new ApiError(404, 'CHAT_NOT_FOUND', 'No such conversation');
  const last = await lastMessage(q, id);
  return {
    id: Number(c.id),
    account: c.account,
    modelCode: c.model_code,
    status: c.status,
    lastMessageAt: new Date(c.last_message_at).toISOString(),
    last: last ? toMessage(last) : null,
    waiting: last?.sender === 'MEMBER',
  };
}

async function addMessage(q: Queryable, conversationId: number, sender: 'MEMBER' | 'OPERATOR', body: string) {
  return toMessage(await insertMessage(q, conversationId, sender, body));
}

/** Pushes a stored message to the member's connections and to the operators' pages. */
async function push(app: FastifyInstance, memberId: number, message: ChatMessageDto): Promise<void> {
  if (!app.live.enabled) return;
  app.live.toMember(memberId, 'chat', message);
  app.live.toOperators('chat', { conversation: await conversationDto(app.db, message.conversationId), message });
}

const memberRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    CHAT_PATHS.modelList,
    {
      schema: {
        tags,
        summary: 'The live-chat models (topics) a member may open a chat on',
        response: replies({
          type: 'array',
          items: { type: 'object', required: ['modelCode'], properties: { modelCode: { type: 'string' } } },
        }),
      },
    },
    async () => ok(CHAT_MODELS.map((modelCode) => ({ modelCode }))),
  );

  app.get<{ Querystring: { modelCode?: ChatModel } }>(
    CHAT_PATHS.launchChat,
    {
      schema: {
        tags,
        summary: 'Where a chat on the model opens (chatUrl: the storefront chat page)',
        description: 'The page asks a visitor to log in; a member chats there. 400 on an unknown model.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { modelCode: { type: 'string', enum: [...CHAT_MODELS], default: 'GENERAL' } },
        },
        response: replies({ type: 'object', required: ['chatUrl'], properties: { chatUrl: { type: 'string' } } }),
      },
    },
    async (request) => ok({ chatUrl: `${CHAT_PAGE}?model=${request.query.modelCode ?? 'GENERAL'}` }),
  );

  app.get(
    CHAT_PATHS.messages,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's open conversation with customer service, its last 200 messages oldest first",
        description: '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies({
          type: 'object',
          required: ['conversationId', 'modelCode', 'messages'],
          properties: {
            conversationId: { type: ['integer', 'null'] },
            modelCode: { type: ['string', 'null'] },
            messages: { type: 'array', items: messageView },
          },
        }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      const c = await openConversation(app.db, memberId);
      const rows = c ? await recentMessages(app.db, Number(c.id), 200) : [];
      const value: ChatConversationDto = {
        conversationId: c ? Number(c.id) : null,
        modelCode: c?.model_code ?? null,
        messages: rows.map(toMessage),
      };
      return ok(value);
    },
  );

  app.post<{ Body: { body: string; modelCode?: ChatModel } }>(
    CHAT_PATHS.messages,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'A message from the member to customer service',
        description:
          'Opens a conversation on modelCode (default GENERAL) when none is open. The text is trimmed; ' +
          `400 CHAT_EMPTY, 400 CHAT_TOO_LONG (over ${CHAT_MAX_LENGTH} characters); 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.`,
        body: bodySchema,
        response: replies(messageView),
      },
    },
    async (request, reply) => {
      const memberId = request.member!.id;
      const body = cleanChatBody(request.body.body);
      const message = await app.db.tx(async (q) => {
        const conversationId = await lockOpenConversation(q, memberId, request.body.modelCode ?? 'GENERAL');
        return addMessage(q, conversationId, 'MEMBER', body);
      });
      await push(app, memberId, message);
      return reply.code(201).send(ok(message));
    },
  );
};

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};

const opsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get<{ Querystring: { status: 'OPEN' | 'CLOSED' } }>(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'Conversations, latest message first (the 100 most recent of the status)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['OPEN', 'CLOSED'], default: 'OPEN' } },
        },
        response: replies({ type: 'array', items: conversationView }),
      },
    },
    async (request) => {
      const list: OpsConversationDto[] = [];
      for (const id of await conversationIds(app.db, request.query.status)) list.push(await conversationDto(app.db, id));
      return ok(list);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "A conversation's messages, oldest first (the last 500)",
        params: idParams,
        response: replies({
          type: 'object',
          required: ['conversation', 'messages'],
          properties: { conversation: conversationView, messages: { type: 'array', items: messageView } },
        }),
      },
    },
    async (request) => {
      const conversation = await conversationDto(app.db, request.params.id);
      const rows = await recentMessages(app.db, request.params.id, 500);
      return ok({ conversation, messages: rows.map(toMessage) });
    },
  );

  app.post<{ Params: { id: number }; Body: { body: string } }>(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "An operator's answer in a conversation (pushed live to the member)",
        description: '404 CHAT_NOT_FOUND; 409 CHAT_CLOSED; 400 CHAT_EMPTY, CHAT_TOO_LONG.',
        params: idParams,
        body: { ...bodySchema, properties: { body: bodySchema.properties.body } },
        response: replies(messageView),
      },
    },
    async (request, reply) => {
      const body = cleanChatBody(request.body.body);
      const { message, memberId } = await app.db.tx(async (q) => {
        const c = await lockConversation(q, request.params.id);
        if (!c) throw new ApiError(404, 'CHAT_NOT_FOUND', 'No such conversation');
        if (c.status !== 'OPEN') throw new ApiError(409, 'CHAT_CLOSED', 'The conversation is closed');
        return { message: await addMessage(q, request.params.id, 'OPERATOR', body), memberId: c.memberId };
      });
      await push(app, memberId, message);
      return reply.code(201).send(ok(message));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/conversations/:id/close',
    {
      schema: {
        tags,
        summary: 'Closes a conversation (the member’s next message opens a new one)',
        description: '404 CHAT_NOT_FOUND.',
        params: idParams,
        response: replies(conversationView),
      },
    },
    async (request) => {
      await conversationDto(app.db, request.params.id);
      await closeConversation(app.db, request.params.id);
      return ok(await conversationDto(app.db, request.params.id));
    },
  );
};

/** Live chat: the member's side under /wps, the operators' under /ops/chat. */
export const chatDomain = fp(
  async (app) => {
    await app.register(memberRoutes);
    await app.register(opsRoutes, { prefix: '/ops/chat' });
  },
  { name: 'chat' },
);
