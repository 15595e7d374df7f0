import type { FastifyInstance } from 'fastify';
import type { LiveEventMap } from '@khela/api/live';
import { walletLines } from '../wallet/wallet.repo';
import { balanceValue } from '../wallet/wallet.routes';
import type { LiveServer } from './live';

/** The servers tell each other whose balances moved (socket.io's server-side emit, over Redis). */
const MOVED = 'khela:balances-moved';

interface BalancePushOptions {
  io: LiveServer;
  /** other servers exist (Redis adapter): tell them too */
  fanOut: boolean;
  isConnectedHere(memberId: number): boolean;
  /** how long movements are gathered before anything is sent, in ms */
  coalesceMs: number;
}

/**
 * Pushes `balance` (the balance call's value) to a member's open connections after every committed
 * movement (`app.ledger.onMovement`).
 *
 * The movement is committed on whichever server handled the call; the member may be connected to
 * another. So the moving server gathers the member ids for `coalesceMs`, tells the other servers
 * (one Redis message per batch), and every server reads and pushes the balances of the members
 * connected to it. A member is read at most once at a time per server: movements arriving during a
 * read cause one more read after it, so the last balance pushed is always the newest.
 *
 * Returns a function that stops pushing and resolves when the reads in progress have finished.
 */
export function installBalancePush(app: FastifyInstance, opts: BalancePushOptions): () => Promise<void> {
  const { io, fanOut, isConnectedHere } = opts;
  const nsp = io.of('/');
  const gathered = new Set<number>();
  const reading = new Map<number, Promise<void>>();
  const readAgain = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const push = async (memberId: number): Promise<void> => {
    do {
      readAgain.delete(memberId);
      const lines = await walletLines(app.db, memberId);
      const byLang: Partial<Record<'BN' | 'EN', LiveEventMap['balance']>> = {};
      for (const sid of nsp.adapter.rooms.get(`m:${memberId}`) ?? []) {
        const socket = nsp.sockets.get(sid);
        if (!socket) continue;
        const lang = socket.data.lang;
        socket.emit('balance', (byLang[lang] ??= balanceValue(lines, lang)));
      }
    } while (readAgain.has(memberId) && !stopped);
  };

  const pushHere = (memberIds: Iterable<number>) => {
    for (const id of memberIds) {
      if (stopped || !isConnectedHere(id)) continue;
      if (reading.has(id)) {
        readAgain.add(id);
        continue;
      }
      const run = push(id)
        .catch((err) => app.log.warn({ err, memberId: id }, 'live channel: balance push failed'))
        .finally(() => reading.delete(id));
      reading.set(id, run);
    }
  };

  const flush = () => {
    timer = null;
    const ids = [...gathered];
    gathered.clear();
    if (stopped || !ids.length) return;
    if (fanOut) io.serverSideEmit(MOVED, ids);
    pushHere(ids);
  };

  const off = app.ledger.onMovement((m) => {
    if (stopped) return;
    for (const id of m.memberIds) if (fanOut || isConnectedHere(id)) gathered.add(id);
    if (gathered.size && !timer) timer = setTimeout(flush, opts.coalesceMs);
  });
  if (fanOut) {
    io.on(MOVED, (ids: unknown) => {
      if (Array.isArray(ids)) pushHere(ids.filter((id): id is number => Number.isSafeInteger(id)));
    });
  }

  return async () => {
    stopped = true;
    off();
    if (timer) clearTimeout(timer);
    await Promise.all(reading.values());
  };
}
