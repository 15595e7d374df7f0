import { apiRequest } from '@khela/api';
import {
  AUTHENTICATOR_PATHS,
  SECURITY_PATHS,
  type AuthenticatorConfirmDto,
  type AuthenticatorSetupDto,
  type AuthenticatorStatusDto,
  type DeviceDto,
  type ProfileDto,
} from '@khela/api/member-centre';

export const fetchProfile = (signal?: AbortSignal) => apiRequest<ProfileDto>(SECURITY_PATHS.profile, { signal });
export const saveProfile = (values: Record<string, string>) =>
  apiRequest<ProfileDto>(SECURITY_PATHS.profile, { method: 'PUT', body: values });
export const fetchDevices = (signal?: AbortSignal) => apiRequest<DeviceDto[]>(SECURITY_PATHS.devices, { signal });
export const logoutOthers = () => apiRequest<{ ended: number }>(SECURITY_PATHS.otherDevices, { method: 'DELETE' });

export const fetchAuthenticator = (signal?: AbortSignal) =>
  apiRequest<AuthenticatorStatusDto>(AUTHENTICATOR_PATHS.status, { signal });
export const setupAuthenticator = () =>
  apiRequest<AuthenticatorSetupDto>(AUTHENTICATOR_PATHS.setup, { method: 'POST', body: {} });
export const confirmAuthenticator = (code: string) =>
  apiRequest<AuthenticatorConfirmDto>(AUTHENTICATOR_PATHS.confirm, { method: 'POST', body: { code } });
export const disableAuthenticator = (code: string) =>
  apiRequest<null>(AUTHENTICATOR_PATHS.status, { method: 'DELETE', body: { code } });
