import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { LIVE_PATH, type LiveEventMap, type LiveEventName, type LiveLogoutReason, type LiveRefusal } from '@khela/api/live';
import { findSessionMember, hashToken, tokenFrom } from '../../http/auth';
import { OPS_LIVE_NAMESPACE, type OpsChatEvent } from '@khela/api/chat';
import { languageOf } from '@khela/api/contract';
import { inNetworks, sameKey } from '../../http/ops-auth';
import { installBalancePush } from './live.balance';

/** What operators' connections (the `/ops` namespace) receive, by event name. */
export interface OpsLiveEventMap {
  /** a live-chat message, from a member or another operator */
  chat: OpsChatEvent;
}

/**
 * The live channel: socket.io on the API's own HTTP server at /socket.io, for logged-in members only.
 *
 * - A connection is authenticated at the handshake by the session token (socket.io's `auth.token`,
 *   or an Authorization header), with the same check as every API call (`findSessionMember`): no
 *   token, a dead session or a trial account is refused (`connect_error` with `data.code`).
 * - Each connection joins its member's room (`m:<id>`) and the room of all members: an event for a
 *   member reaches every tab and device of that member, and nobody else.
 * - With Redis (REDIS_URL), rooms span every server through @socket.io/redis-adapter: an event
 *   published on one server reaches a browser connected to another.
 * - Sessions of open connections are re-checked periodically: a session that ended (logout
 *   elsewhere, idle or absolute expiry, an operator) gets a `logout` event and is disconnected.
 *
 * Other domains call `app.live` (below); it is safe to call when no socket server runs.
 */
export interface LiveChannel {
  /** false when the app runs without a socket server (then every call is a no-op) */
  readonly enabled: boolean;
  /** Pushes `event` to every connection of the member, on any server. */
  toMember<E extends LiveEventName>(memberId: number, event: E, payload: LiveEventMap[E]): void;
  /** Pushes `event` to every connection of each member named. */
  toMembers<E extends LiveEventName>(memberIds: readonly number[], event: E, payload: LiveEventMap[E]): void;
  /** Pushes `event` to every logged-in member (announcements). */
  toAllMembers<E extends LiveEventName>(event: E, payload: LiveEventMap[E]): void;
  /** Pushes `event` to every operator connected to the `/ops` namespace (the operators' pages), on any server. */
  toOperators<E extends keyof OpsLiveEventMap>(event: E, payload: OpsLiveEventMap[E]): void;
  /** Tells every connection of the member to log out (`logout` event), then closes them, on any server. */
  disconnectMember(memberId: number, reason: LiveLogoutReason): void;
  /** How many connections this server holds (all members). */
  localConnections(): number;
  /** Re-checks the sessions of this server's connections now (it also runs every `sessionCheckMs`). */
  checkSessions(): Promise<void>;
}

export interface LiveOptions {
  /** false: no socket server; `app.live` is then a no-op (default true) */
  enabled?: boolean;
  /** Redis for the fan-out across servers (default env REDIS_URL); null: this process only */
  redisUrl?: string | null;
  /** prefix of the Redis channels (default "khela:live"; tests use their own) */
  redisKey?: string;
  /** how often the sessions of open connections are re-checked, in ms (default 60000; 0: never) */
  sessionCheckMs?: number;
  /** how long committed movements are gathered before balances are pushed, in ms (default 25) */
  coalesceMs?: number;
}

/** What the channel keeps on each socket. */
export interface LiveSocketData {
  memberId: number;
  tokenHash: string;
  lang: 'BN' | 'EN';
}

type LiveSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, LiveSocketData>;
export type LiveServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, LiveSocketData>;

export const memberRoom = (memberId: number) => `m:${memberId}`;
const MEMBERS_ROOM = 'members';
const OPERATORS_ROOM = 'operators';

const NOOP: LiveChannel = {
  enabled: false,
  toMember: () => undefined,
  toMembers: () => undefined,
  toAllMembers: () => undefined,
  toOperators: () => undefined,
  disconnectMember: () => undefined,
  localConnections: () => 0,
  checkSessions: async () => undefined,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel to logged-in members' browsers (domains/live/live.ts). */
    live: LiveChannel;
  }
}

function refusal(code: LiveRefusal, message: string): Error {
  const err = new Error(message) as Error & { data: { code: LiveRefusal } };
  err.data = { code };
  return err;
}

const langOf = (v: unknown, fallback: string): 'BN' | 'EN' => languageOf(typeof v === 'string' ? v : fallback);

/**
 * Attaches the socket server to `app.server` and decorates `app.live`. Call before `listen()`;
 * the server closes its connections (and its Redis clients) when the app closes.
 */
export function installLive(app: FastifyInstance, opts: LiveOptions = {}): void {
  if (opts.enabled === false) {
    app.decorate('live', NOOP);
    return;
  }
  const io: LiveServer = new Server(app.server, {
    path: LIVE_PATH,
    serveClient: false,
    // the client sends almost nothing; the server pushes
    maxHttpBufferSize: 16 * 1024,
    connectTimeout: 10_000,
  });
  // Redis fan-out: one publisher, one subscriber per server
  const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL || null : opts.redisUrl;
  const redisClients: Redis[] = [];
  if (redisUrl) {
    const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000, disconnectTimeout: 200 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => app.log.warn({ err }, 'live channel: redis'));
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: opts.redisKey ?? 'khela:live', publishOnSpecificResponseChannel: true }));
  }
  const fanOut = redisClients.length > 0;

  // connections of this server, per member (the balance push serves only members connected here)
  const local = new Map<number, number>();

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; language?: unknown } | undefined;
    const raw = typeof auth?.token === 'string' ? auth.token : socket.handshake.headers.authorization;
    const token = tokenFrom(typeof raw === 'string' ? raw : undefined);
    if (!token) return next(refusal('NOT_LOGGED_IN', 'Not logged in, please login'));
    try {
      const member = await findSessionMember(app.db, token);
      if (!member) return next(refusal('NOT_LOGGED_IN', 'Not logged in, please login'));
      if (member.type === 4) return next(refusal('NEED_REAL_ACCOUNT', 'A real account is needed'));
      socket.data = { memberId: member.id, tokenHash: hashToken(token), lang: langOf(auth?.language, member.language) };
      next();
    } catch (err) {
      app.log.warn({ err }, 'live channel: handshake check failed');
      next(refusal('UNAVAILABLE', 'Try again'));
    }
  });

  io.on('connection', (socket: LiveSocket) => {
    const { memberId } = socket.data;
    void socket.join([memberRoom(memberId), MEMBERS_ROOM]);
    local.set(memberId, (local.get(memberId) ?? 0) + 1);
    // the page's language changed: pushed names follow it
    socket.on('language', (lang: unknown, ack?: unknown) => {
      socket.data.lang = langOf(lang, socket.data.lang);
      if (typeof ack === 'function') ack(socket.data.lang);
    });
    socket.on('disconnect', () => {
      const n = (local.get(memberId) ?? 1) - 1;
      if (n > 0) local.set(memberId, n);
      else local.delete(memberId);
    });
  });

  // Operators' pages (live chat): the /ops namespace, by the operator key (auth.opsKey) and from
  // the operators' networks, like every /ops route; they join one room and only receive.
  const ops = io.of(OPS_LIVE_NAMESPACE);
  ops.use((socket, next) => {
    const networks = app.opsNetworks;
    if (networks && !inNetworks(networks, socket.handshake.address)) {
      return next(refusal('NOT_LOGGED_IN', 'Operator routes are not open to this network'));
    }
    const key = (socket.handshake.auth as { opsKey?: unknown } | undefined)?.opsKey;
    if (!sameKey(typeof key === 'string' ? key : undefined, app.opsKey)) {
      return next(refusal('NOT_LOGGED_IN', 'Missing or wrong operator key'));
    }
    next();
  });
  ops.on('connection', (socket) => void socket.join(OPERATORS_ROOM));

  // Sessions end while their sockets stay open (logout in another tab, expiry, a password change):
  // re-check the sessions of this server's sockets in one query now and then.
  const checkSessions = async () => {
    const sockets = [...io.of('/').sockets.values()] as LiveSocket[];
    if (!sockets.length) return;
    const hashes = [...new Set(sockets.map((s) => s.data.tokenHash))];
    const rows = await app.db.query<{ token_hash: string }>(
      `SELECT s.token_hash FROM sessions s JOIN members m ON m.id = s.member_id
        WHERE s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > now()
          AND s.last_seen_at + make_interval(secs => s.idle_timeout_s) > now() AND m.status = 0`,
      [hashes],
    );
    const alive = new Set(rows.map((r) => r.token_hash));
    for (const s of sockets) {
      if (alive.has(s.data.tokenHash)) continue;
      s.emit('logout', { reason: 'SESSION_ENDED' } satisfies LiveEventMap['logout']);
      s.disconnect(true);
    }
  };
  const sessionCheckMs = opts.sessionCheckMs ?? 60_000;
  let sessionTimer: NodeJS.Timeout | null = null;
  let checking: Promise<void> = Promise.resolve();
  if (sessionCheckMs > 0) {
    sessionTimer = setInterval(() => {
      checking = checkSessions().catch((err) => app.log.warn({ err }, 'live channel: session check failed'));
    }, sessionCheckMs);
    sessionTimer.unref();
  }

  const channel: LiveChannel = {
    enabled: true,
    toMember: (memberId, event, payload) => void io.to(memberRoom(memberId)).emit(event, payload),
    toMembers: (memberIds, event, payload) => {
      if (memberIds.length) io.to(memberIds.map(memberRoom)).emit(event, payload);
    },
    toAllMembers: (event, payload) => void io.to(MEMBERS_ROOM).emit(event, payload),
    toOperators: (event, payload) => void ops.to(OPERATORS_ROOM).emit(event, payload),
    disconnectMember: (memberId, reason) => {
      io.to(memberRoom(memberId)).emit('logout', { reason } satisfies LiveEventMap['logout']);
      io.in(memberRoom(memberId)).disconnectSockets(true);
    },
    localConnections: () => io.of('/').sockets.size,
    checkSessions,
  };
  app.decorate('live', channel);

  const stopBalancePush = installBalancePush(app, {
    io,
    fanOut,
    isConnectedHere: (memberId) => local.has(memberId),
    coalesceMs: opts.coalesceMs ?? 25,
  });

  app.addHook('preClose', async () => {
    if (sessionTimer) clearInterval(sessionTimer);
    await Promise.all([stopBalancePush(), checking]);
    // drop the connections (not the HTTP server: Fastify closes it next) without a disconnect
    // packet, so browsers see a lost connection and reconnect, to another server or this one restarted
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await ops.adapter.close();
    for (const c of redisClients) {
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    }
  });
}
