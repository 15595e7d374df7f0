import { useEffect } from 'react';
import { Provider, useSetAtom, useStore } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { type PermissionInfo } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { permissionAtom, sessionStore } from '@khela/session';
import { StatusGate } from '../features/status-gate/StatusGate';
import { useSessionBootstrap } from '../features/session-bootstrap/useSessionBootstrap';
import { NavigationEffects } from '../features/navigation/NavigationEffects';
import { LiveGate, RealityCheckGate } from '../features/live/LiveGate';
import { AnnouncementGate } from '../features/announcements/AnnouncementGate';
import { AppRoutes } from './AppRoutes';
import { ModalHost, PageLoader } from './ModalHost';

/** Permission info (flags, customer service) is needed even on the maintenance page. */
function PermissionLoader() {
  const setPermission = useSetAtom(permissionAtom);
  const store = useStore();
  useEffect(() => {
    if (store.get(permissionAtom)) return; // it came with the page
    apiRequest<PermissionInfo>('/wps/system/permission').then(setPermission, () => undefined);
  }, [setPermission, store]);
  return null;
}

function Session() {
  useSessionBootstrap();
  return null;
}

export function App() {
  return (
    <Provider store={sessionStore}>
      <BrowserRouter>
        <PermissionLoader />
        <StatusGate>
          <Session />
          <LiveGate />
          <NavigationEffects />
          <AppRoutes />
          <ModalHost />
          <AnnouncementGate />
          <RealityCheckGate />
          <PageLoader />
        </StatusGate>
      </BrowserRouter>
    </Provider>
  );
}
