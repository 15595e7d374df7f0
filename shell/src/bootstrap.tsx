import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, takeInlined, type PermissionInfo } from '@khela/api';
import { currentLanguage, initI18n, storeLanguage } from '@khela/i18n';
import { bootData, readPointer } from './federation/pointer';
import { registerFromPointer } from './federation/remote-loader';
import { startRum } from './federation/rum';
import { App } from './app/App';
import { captureFirstView } from './app/first-view';
import { takeTokenFromUrl } from './features/session-bootstrap/useSessionBootstrap';
import { permissionAtom, sessionStore, setToken } from '@khela/session';
import './fonts.css';
import './styles.css';

async function start() {
  configureApi({ getLanguage: currentLanguage });
  startRum({ sampleRate: bootData().config?.rumSampleRate });
  // a token handed over in the URL counts before the first render (route guards read it)
  const handedOver = takeTokenFromUrl();
  if (handedOver) setToken(handedOver);
  const pointer = readPointer()
    .then((p) => registerFromPointer(p, { timeoutMs: bootData().config?.remoteTimeoutMs }))
    .catch((err) => console.error('[khela] no remotes registered', err));
  await Promise.all([initI18n(), pointer]);
  const lang = currentLanguage();
  document.documentElement.lang = lang.toLowerCase();
  storeLanguage(lang); // and into the cookie the origin reads, for the next page it renders
  // the permission info came with the page: the first render has it (flags, customer service)
  const permission = takeInlined<PermissionInfo>({ path: '/wps/system/permission' }, lang);
  if (permission) sessionStore.set(permissionAtom, permission);
  // an interruptible first render: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the frame painted from the HTML stays until then)
  captureFirstView(); // before the render replaces the frame the origin drew
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App />));
}

start();
