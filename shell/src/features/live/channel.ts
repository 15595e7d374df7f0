import { io, type Socket } from 'socket.io-client';
import { LIVE_PATH, type LiveRefusal } from '@khela/api/live';

export type ChannelStatus = 'connecting' | 'online' | 'offline';

export interface ChannelOptions {
  /** read at every (re)connection: the session token and the page's language */
  auth: () => { token: string | null; language: string };
  /** every event the server pushes */
  onEvent: (event: string, payload: unknown) => void;
  onStatus: (status: ChannelStatus) => void;
  /** connected, the first time and after every reconnection (events may have been missed meanwhile) */
  onConnected: () => void;
  /** the server refused the session for good (NOT_LOGGED_IN, NEED_REAL_ACCOUNT): no more tries */
  onRefused: (code: LiveRefusal) => void;
  /** the origin to connect to (default: the page's own) */
  url?: string;
  /** the first and the longest pause between tries, ms (default 1 s and 30 s) */
  backoff?: { minMs: number; maxMs: number };
}

export interface Channel {
  /** tells the server the page's language changed (pushed names follow it) */
  setLanguage(language: string): void;
  close(): void;
}

/**
 * The live channel's socket: reconnects on its own with an exponential, jittered backoff after a
 * dropped connection, and retries the same way when the server could not check the session
 * (UNAVAILABLE); a refused session ends it.
 */
export function openChannel(opts: ChannelOptions): Channel {
  const { minMs, maxMs } = opts.backoff ?? { minMs: 1000, maxMs: 30_000 };
  const options = {
    path: LIVE_PATH,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelay: minMs,
    reconnectionDelayMax: maxMs,
    randomizationFactor: 0.5,
    auth: (cb: (data: object) => void) => cb(opts.auth()),
  };
  const socket: Socket = opts.url ? io(opts.url, options) : io(options);
  let closed = false;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  opts.onStatus('connecting');
  socket.on('connect', () => {
    retries = 0;
    opts.onStatus('online');
    opts.onConnected();
  });
  const retry = () => {
    const pause = Math.min(maxMs, minMs * 2 ** retries++) * (0.5 + Math.random());
    retryTimer = setTimeout(() => !closed && socket.connect(), pause);
  };
  socket.on('disconnect', (reason) => {
    if (closed) return;
    opts.onStatus('offline');
    // the server closed this connection itself: try again (a dead session is refused at the handshake)
    if (reason === 'io server disconnect') retry();
  });
  socket.on('connect_error', (err: Error & { data?: { code?: LiveRefusal } }) => {
    if (closed) return;
    opts.onStatus('offline');
    if (socket.active) return; // a transport failure: socket.io tries again on its own
    const code = err.data?.code;
    if (code === 'NOT_LOGGED_IN' || code === 'NEED_REAL_ACCOUNT') {
      closed = true;
      return opts.onRefused(code);
    }
    retry();
  });
  socket.onAny((event: string, payload: unknown) => opts.onEvent(event, payload));

  return {
    setLanguage: (language) => {
      if (socket.connected) socket.emit('language', language);
    },
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket.disconnect();
    },
  };
}
