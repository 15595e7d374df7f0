import { mayReceiveMarketing } from '../rg/rg.service';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  MESSAGE_CATEGORIES,
  MESSAGE_PATHS,
  type InboxDto,
  type MessageCategory,
  type MessageChangeDto,
  type MessageDto,
} from '@khela/api/member-centre';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { registerBadgeCounter } from '../centre/badges';
import { requireRealMember } from '../centre/guards';
import { plainText, sanitizeRichText } from '../content/sanitize';
import {
  deleteMessages,
  inboxPage,
  markRead,
  membersOfAccounts,
  type MessageRow,
  onlineMembers,
  sendTo,
  sendToAllReal,
  unreadMessages,
} from './messages.repo';

const tags = ['member centre'];
const security = [{ token: [] }];

const toDto = (r: MessageRow): MessageDto => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  category: r.category,
  createdAt: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
});

const messageView = {
  type: 'object',
  required: ['id', 'title', 'content', 'category', 'createdAt', 'read'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    content: { type: 'string' },
    category: { type: 'string', enum: [...MESSAGE_CATEGORIES] },
    createdAt: { type: 'string', format: 'date-time' },
    read: { type: 'boolean' },
  },
};
const changeView = {
  type: 'object',
  required: ['changed', 'unread'],
  properties: { changed: { type: 'integer' }, unread: { type: 'integer' } },
};
const idsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
  },
};

/**
 * Pushes the badges to those of the members (or of every real member) who have a live session; the
 * others load them on their next visit. A broadcast counts again only for the members online.
 */
async function pushBadges(app: FastifyInstance, memberIds: readonly number[] | 'allReal'): Promise<void> {
  if (!app.live.enabled || memberIds.length === 0) return;
  const ids = await onlineMembers(app.db, memberIds);
  for (let i = 0; i < ids.length; i += 50) await Promise.all(ids.slice(i, i + 50).map((id) => app.badges.push(id)));
}

const memberRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { page: number; size: number } }>(
    MESSAGE_PATHS.inbox,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's messages, newest first",
        description:
          'Paged (page from 1, size up to 50); deleted messages are left out. unread counts every page. ' +
          '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
            size: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
          },
        },
        response: replies({
          type: 'object',
          required: ['list', 'page', 'size', 'total', 'totalPages', 'unread'],
          properties: {
            list: { type: 'array', items: messageView },
            page: { type: 'integer' },
            size: { type: 'integer' },
            total: { type: 'integer' },
            totalPages: { type: 'integer' },
            unread: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      const { page, size } = request.query;
      const { total, unread, rows } = await inboxPage(app.db, memberId, size, (page - 1) * size);
      const value: InboxDto = {
        list: rows.map(toDto),
        page,
        size,
        total,
        totalPages: Math.ceil(total / size),
        unread,
      };
      return ok(value);
    },
  );

  /** Runs one change of the member's own messages, then pushes their badges. */
  const change = async (memberId: number, changed: number): Promise<MessageChangeDto> => {
    if (changed) await pushBadges(app, [memberId]);
    return { changed, unread: await unreadMessages(app.db, memberId) };
  };

  app.post<{ Body: { ids: number[] } }>(
    MESSAGE_PATHS.read,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Marks messages read',
        description:
          "Only the member's own, not deleted messages change (others' ids are ignored); changed counts them. " +
          'Pushes the `badges` event when any changed. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        body: idsBody,
        response: replies(changeView),
      },
    },
    async (request) => ok(await change(request.member!.id, await markRead(app.db, request.member!.id, request.body.ids))),
  );

  app.post(
    MESSAGE_PATHS.readAll,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "Marks every one of the member's messages read",
        description: 'Pushes the `badges` event when any changed. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies(changeView),
      },
    },
    async (request) => ok(await change(request.member!.id, await markRead(app.db, request.member!.id, 'all'))),
  );

  app.post<{ Body: { ids: number[] } }>(
    MESSAGE_PATHS.remove,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Deletes messages',
        description:
          "Only the member's own messages change (others' ids are ignored); a deleted message leaves the inbox and " +
          'the unread count. Pushes the `badges` event when any changed. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        body: idsBody,
        response: replies(changeView),
      },
    },
    async (request) => ok(await change(request.member!.id, await deleteMessages(app.db, request.member!.id, request.body.ids))),
  );
};

interface SendBody {
  account?: string;
  accounts?: string[];
  all?: boolean;
  title: string;
  content: string;
  category?: MessageCategory;
}

const accountText = { type: 'string', minLength: 1, maxLength: 64 };

/** Operators send messages: to one account, a list of accounts, or every real member. */
const opsMessageRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);
  app.post<{ Body: SendBody }>(
    '/',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'content'],
          properties: {
            account: accountText,
            accounts: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: accountText },
            all: { type: 'boolean', const: true },
            title: { type: 'string', minLength: 1, maxLength: 200 },
            content: { type: 'string', minLength: 1, maxLength: 20000 },
            category: { type: 'string', enum: [...MESSAGE_CATEGORIES] },
          },
        },
        response: replies(
          { type: 'object', required: ['sent'], properties: { sent: { type: 'integer' } } },
          'sent: how many members got the message',
        ),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const targets = [b.account !== undefined, b.accounts !== undefined, b.all === true].filter(Boolean).length;
      if (targets !== 1) throw new ApiError(400, 'BAD_REQUEST', 'Give exactly one of account, accounts or all');
      const title = plainText(b.title);
      const content = sanitizeRichText(b.content);
      if (!title || !content) throw new ApiError(400, 'BAD_REQUEST', 'The title or content is empty once sanitised');
      if (title.length > 200 || content.length > 20000) throw new ApiError(400, 'BAD_REQUEST', 'Too long once sanitised');
      const category = b.category ?? 'SYSTEM';
      // a promotion is marketing: it never reaches a member in a time-out or self-exclusion
      // (responsible gambling; rg.service's mayReceiveMarketing), who is left out without a word
      const marketing = category === 'PROMOTION';

      if (b.all) {
        // one statement, however many members: no list of ids goes back and forth
        const sent = await sendToAllReal(app.db, title, content, category, marketing);
        await pushBadges(app, 'allReal');
        return reply.code(201).send(ok({ sent }));
      }
      const recipients = await app.db.tx(async (q) => {
        const accounts = (b.accounts ?? [b.account!]).map((a) => a.trim().toLowerCase());
        const rows = await membersOfAccounts(q, accounts);
        const found = new Set(rows.map((r) => r.account));
        const missing = accounts.filter((a) => !found.has(a));
        if (missing.length) throw new ApiError(404, 'USER_NOT_EXIST', `No such account: ${missing.join(', ')}`);
        const trial = rows.filter((r) => Number(r.type) === 4).map((r) => r.account);
        if (trial.length) {
          throw new ApiError(422, 'TRIAL_ACCOUNT', `Trial accounts get no messages: ${trial.join(', ')}`);
        }
        const ids: number[] = [];
        for (const r of rows) if (!marketing || (await mayReceiveMarketing(q, Number(r.id)))) ids.push(Number(r.id));
        if (ids.length) {
          await sendTo(q, ids, title, content, category);
        }
        return ids;
      });
      await pushBadges(app, recipients);
      return reply.code(201).send(ok({ sent: recipients.length }));
    },
  );
};

/** The member's messages (issue 10): the inbox, its badge, and the operators' sending. Needs the centre domain. */
export const messagesDomain = fp(
  async (app) => {
    registerBadgeCounter(app, 'message', unreadMessages);
    await app.register(memberRoutes);
    await app.register(opsMessageRoutes, { prefix: '/ops/messages' });
  },
  { name: 'messages', dependencies: ['centre'] },
);
