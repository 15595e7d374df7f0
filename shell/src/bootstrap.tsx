import { createRoot } from 'react-dom/client';
import { configureApi } from '@khela/api';
import { currentLanguage, initI18n } from '@khela/i18n';
import { readPointer } from './federation/pointer';
import { registerFromPointer } from './federation/remote-loader';
import { App } from './app/App';
import { takeTokenFromUrl } from './features/session-bootstrap/useSessionBootstrap';
import { setToken } from '@khela/session';
import './styles.css';

declare global {
  interface Window {
    /** Operator or test configuration written into the page by the origin. */
    __KHELA_CONFIG__?: { remoteTimeoutMs?: number };
  }
}

async function start() {
  configureApi({ getLanguage: currentLanguage });
  // a token handed over in the URL counts before the first render (route guards read it)
  const handedOver = takeTokenFromUrl();
  if (handedOver) setToken(handedOver);
  const pointer = readPointer()
    .then((p) => registerFromPointer(p, { timeoutMs: window.__KHELA_CONFIG__?.remoteTimeoutMs }))
    .catch((err) => console.error('[khela] no remotes registered', err));
  await Promise.all([initI18n(), pointer]);
  document.documentElement.lang = currentLanguage().toLowerCase();
  createRoot(document.getElementById('root')!).render(<App />);
}

start();
