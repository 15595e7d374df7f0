import type { LiveEventMap, LiveEventName } from '@khela/api';
import { currentLanguage, i18n } from '@khela/i18n';
import {
  balanceAtom,
  clearSession,
  emitLiveEvent,
  getToken,
  GUEST,
  loginStateAtom,
  openModalAtom,
  sessionStore,
} from '@khela/session';
import { afterFirstView } from '../../lib/afterFirstView';
import { liveStatusAtom, loadBalance } from './balance';
import type { Channel } from './channel';

/**
 * The channel's code (socket.io-client): a chunk of its own, fetched after the page's first view
 * (afterFirstView). The balance is read at once; what the channel pushes can wait for the first paint.
 */
const channelModule = () => import(/* webpackChunkName: "live-channel" */ './channel');

/**
 * Opens the live channel of the logged-in member (LiveGate calls it; returns the closing function).
 * It keeps `balanceAtom` current: read now, replaced by every pushed balance, read again after every
 * reconnection. Every event reaches the remotes' `onLiveEvent` handlers. A session the server says
 * has ended logs the page out and opens the login popup. The channel opens after the page's first
 * view (afterFirstView: its socket.io-client is no part of a member page's first paint); its status
 * is 'connecting' meanwhile.
 */
export function startLive(
  loadChannel: () => Promise<Pick<typeof import('./channel'), 'openChannel'>> = channelModule,
): () => void {
  const sessionEnded = (offerLogin = true) => {
    clearSession();
    sessionStore.set(loginStateAtom, GUEST);
    // a member who just took a break is not invited to log in again
    if (offerLogin) sessionStore.set(openModalAtom, { key: 'loginPopupModal' });
  };
  const read = () => void loadBalance().catch(() => undefined); // the header offers a refresh
  read();
  let channel: Channel | undefined;
  let closed = false;
  sessionStore.set(liveStatusAtom, 'connecting');
  const open = (openChannel: typeof import('./channel').openChannel) =>
    (channel = openChannel({
      auth: () => ({ token: getToken(), language: currentLanguage() }),
      onStatus: (status) => sessionStore.set(liveStatusAtom, status),
      onConnected: read,
      onRefused: () => sessionEnded(),
      onEvent: (event, payload) => {
        if (event === 'balance') sessionStore.set(balanceAtom, payload as LiveEventMap['balance']);
        if (event === 'logout') sessionEnded((payload as LiveEventMap['logout']).reason !== 'EXCLUDED');
        emitLiveEvent(event as LiveEventName, payload as never);
      },
    }));
  // a chunk that failed to load (the network dropped) is asked for again: offline meanwhile (the
  // header's refresh still reads the balance)
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const load = (tries: number) =>
    void loadChannel().then(
      (m) => !closed && open(m.openChannel),
      () => {
        if (closed) return;
        sessionStore.set(liveStatusAtom, 'offline');
        retryTimer = setTimeout(() => load(tries + 1), Math.min(30_000, 2000 * 2 ** tries));
      },
    );
  const cancelWait = afterFirstView(() => load(0));
  const onLanguage = () => {
    channel?.setLanguage(currentLanguage());
    read(); // wallet names in the new language
  };
  i18n.on('languageChanged', onLanguage);
  return () => {
    closed = true;
    cancelWait();
    clearTimeout(retryTimer);
    i18n.off('languageChanged', onLanguage);
    channel?.close();
    sessionStore.set(liveStatusAtom, 'off');
    sessionStore.set(balanceAtom, null);
  };
}
