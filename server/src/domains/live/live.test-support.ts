import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as ioClient, type Socket as ClientSocket } from 'socket.io-client';
import { LIVE_PATH } from '@khela/api/live';

export type { ClientSocket };

/** The address of a listening app. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A live-channel client as the browser makes it. Resolves when connected; rejects with the refusal
 * code (`connect_error`'s data.code) when the server refuses the handshake. Every event received
 * is recorded in `received` (name, payload) in arrival order.
 */
export function connectLive(
  baseUrl: string,
  auth: Record<string, unknown> = {},
  extraHeaders?: Record<string, string>,
): Promise<ClientSocket & { received: [string, unknown][] }> {
  const socket = ioClient(baseUrl, {
    path: LIVE_PATH,
    auth,
    extraHeaders,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  }) as ClientSocket & { received: [string, unknown][] };
  socket.received = [];
  socket.onAny((event: string, payload: unknown) => socket.received.push([event, payload]));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) => {
      socket.close();
      reject(new Error(err.data?.code ?? err.message));
    });
  });
}

/** The next `event` the socket receives. */
export function nextEvent<T = unknown>(socket: ClientSocket & { received: [string, unknown][] }, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** Waits until `predicate` holds for the socket's received events; resolves with the matching payload. */
export async function eventually<T>(
  socket: ClientSocket & { received: [string, unknown][] },
  event: string,
  predicate: (payload: T) => boolean,
): Promise<T> {
  const seen = socket.received.find(([e, p]) => e === event && predicate(p as T));
  if (seen) return seen[1] as T;
  return new Promise((resolve) => {
    const on = (payload: T) => {
      if (!predicate(payload)) return;
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}
