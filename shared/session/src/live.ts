import { atom } from 'jotai';
import type { LiveEventMap, WalletBalanceDto } from '@khela/api';

/*
 * The live channel as remotes use it. The shell owns the socket (socket.io-client, loaded only while
 * a real member is logged in) and feeds what arrives here; remotes subscribe by event name and
 * never import socket.io-client themselves. Kept tiny: every page, a guest's too, carries it.
 */
type Handler = (payload: never) => void;
const handlers: Record<string, Set<Handler>> = {};

/** Calls `handler` with every `event` the server pushes; returns the unsubscribe function. */
export function onLiveEvent<E extends keyof LiveEventMap>(event: E, handler: (payload: LiveEventMap[E]) => void): () => void {
  const set = (handlers[event] ??= new Set());
  set.add(handler);
  return () => set.delete(handler);
}

/** Delivers an event to its handlers, each on its own (one that throws does not stop the others). */
export function emitLiveEvent<E extends keyof LiveEventMap>(event: E, payload: LiveEventMap[E]): void {
  handlers[event]?.forEach((h) => queueMicrotask(() => (h as (p: typeof payload) => void)(payload)));
}

/** The member's balances (the balance call's value, kept current by the channel); null when unknown or logged out. */
export const balanceAtom = atom<WalletBalanceDto | null>(null);

/** Reads the balance again now (`balanceAtom` follows); set by the shell while a member is logged in. */
export const liveActions: { refreshBalance: () => Promise<void> } = { refreshBalance: async () => undefined };
