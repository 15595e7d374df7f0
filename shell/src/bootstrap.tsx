import { MERCHANT, type PermissionInfo } from '@khela/api';
import { configureApi, takeInlined } from '@khela/api-client';
import { currentLanguage, initI18n, storeLanguage } from '@khela/i18n';
import { bootData, readPointer } from './federation/pointer';
import { registerFromPointer } from './federation/remote-loader';
import { preloadArea } from './federation/area-preload';
import { startRum } from './federation/rum';
import { yieldToMain } from './lib/yield';
import { captureFirstView } from './app/first-view';
import { handOverSession, startMemberInfo, takeSocialReturn } from './features/session-bootstrap/useSessionBootstrap';
import { memberChunk } from './features/live/member-chunk';
import { getToken, modalAtom, permissionAtom, sessionPhaseAtom, sessionStore, writeSession, SESSION_KEYS } from '@khela/session';
import './fonts.css';
import './styles.css';

async function start() {
  // each step below in a task of its own (yieldToMain): evaluating this module's imports, the first
  // storage access, i18n and the first render would otherwise be one task of 70-80 ms on a fast
  // machine, four times that on a mid-range phone
  await yieldToMain();
  configureApi({ getLanguage: currentLanguage });
  // the merchant codes, in session storage as the spec keeps them (a logout keeps them too)
  writeSession(SESSION_KEYS.merchant, MERCHANT);
  writeSession(SESSION_KEYS.merchantCode, MERCHANT);
  startRum({ sampleRate: bootData().config?.rumSampleRate });
  // a page with a session (a stored token, or a link's login code to exchange) fetches the member's
  // chunk beside the session's round trips: it is there when member info arrives
  if (getToken() || new URLSearchParams(window.location.search).has('login')) void memberChunk().catch(() => undefined);
  // a link's one-time login code is exchanged before the first render (route guards read the token);
  // a tab already signed in keeps its session
  // then member info is asked for at once, beside i18n and the first render (not after them)
  const handedOver = handOverSession().then(startMemberInfo);
  // back from a social sign-in: the login modal finishes it (or says why it failed)
  const social = takeSocialReturn();
  if (social) sessionStore.set(modalAtom, { key: 'loginPopupModal', props: social });
  const pointer = readPointer()
    .then((p) => registerFromPointer(p, { timeoutMs: bootData().config?.remoteTimeoutMs }))
    .catch((err) => console.error('[khela] no remotes registered', err));
  // a members' page renders its area only once member info has arrived: its module loads meanwhile
  // (an unknown name is refused by the loader, and the area loads its module as it would have)
  const area = bootData().area;
  if (area) void pointer.then(() => handedOver).then(() => getToken() && preloadArea(area.remote, area.module));
  await yieldToMain();
  await Promise.all([initI18n(), pointer, handedOver]);
  await yieldToMain();
  const lang = currentLanguage();
  document.documentElement.lang = lang.toLowerCase();
  storeLanguage(lang); // and into the cookie the origin reads, for the next page it renders
  // the permission info came with the page: the first render has it (flags, customer service)
  const permission = takeInlined<PermissionInfo>({ path: '/wps/system/permission' }, lang);
  if (permission) sessionStore.set(permissionAtom, permission);
  // a guest (no session token) has nothing to check: the first render is the settled page, not a
  // second full render when the session bootstrap says so after mount
  if (!getToken()) sessionStore.set(sessionPhaseAtom, 'ready');
  captureFirstView(); // before the render replaces the frame the origin drew
  // react-dom and the app's modules: in this chunk (eager: no file of its own, no request), evaluated
  // only now, in a task of their own
  const { mount } = await import(/* webpackMode: "eager" */ './mount');
  await yieldToMain();
  mount(document.getElementById('root')!);
}

start();
