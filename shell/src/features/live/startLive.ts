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
import { liveStatusAtom, loadBalance } from './balance';
import { openChannel } from './channel';

/**
 * Opens the live channel of the logged-in member (LiveGate calls it; returns the closing function).
 * It keeps `balanceAtom` current: read now, replaced by every pushed balance, read again after every
 * reconnection. Every event reaches the remotes' `onLiveEvent` handlers. A session the server says
 * has ended logs the page out and opens the login popup.
 */
export function startLive(): () => void {
  const sessionEnded = (offerLogin = true) => {
    clearSession();
    sessionStore.set(loginStateAtom, GUEST);
    // a member who just took a break is not invited to log in again
    if (offerLogin) sessionStore.set(openModalAtom, { key: 'loginPopupModal' });
  };
  const read = () => void loadBalance().catch(() => undefined); // the header offers a refresh
  read();
  const channel = openChannel({
    auth: () => ({ token: getToken(), language: currentLanguage() }),
    onStatus: (status) => sessionStore.set(liveStatusAtom, status),
    onConnected: read,
    onRefused: () => sessionEnded(),
    onEvent: (event, payload) => {
      if (event === 'balance') sessionStore.set(balanceAtom, payload as LiveEventMap['balance']);
      if (event === 'logout') sessionEnded((payload as LiveEventMap['logout']).reason !== 'EXCLUDED');
      emitLiveEvent(event as LiveEventName, payload as never);
    },
  });
  const onLanguage = () => {
    channel.setLanguage(currentLanguage());
    read(); // wallet names in the new language
  };
  i18n.on('languageChanged', onLanguage);
  return () => {
    i18n.off('languageChanged', onLanguage);
    channel.close();
    sessionStore.set(liveStatusAtom, 'off');
    sessionStore.set(balanceAtom, null);
  };
}
