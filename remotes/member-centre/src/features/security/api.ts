import { apiRequest } from '@khela/api-client';
import {
  ACCOUNT_SECURITY_PATHS,
  AUTHENTICATOR_PATHS,
  SECURITY_PATHS,
  type AuthenticatorConfirmDto,
  type AuthenticatorSetupDto,
  type AuthenticatorStatusDto,
  type DeviceDto,
  type ProfileDto,
  type SecurityCodePurpose,
} from '@khela/api/member-centre';
import { PAYMENTS_PATHS } from '@khela/api/payments';

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

export type Channel = 'MOBILE' | 'EMAIL';
export const sendSecurityCode = (body: { purpose: SecurityCodePurpose; channel: Channel; mobileNum?: string; email?: string }) =>
  apiRequest<{ expiredMinutes: number }>(ACCOUNT_SECURITY_PATHS.code, { method: 'POST', body });
export const setPaymentPassword = (body: { newPassword: string; confirmPassword: string; oldPassword?: string }) =>
  apiRequest<{ changed: boolean }>(PAYMENTS_PATHS.paymentPassword, { method: 'POST', body });
export const resetPaymentPassword = (body: { channel: Channel; code: string; newPassword: string; confirmPassword: string }) =>
  apiRequest<null>(ACCOUNT_SECURITY_PATHS.paymentPasswordReset, { method: 'POST', body });
export const bindMobile = (body: { password: string; code: string; mobileNum: string }) =>
  apiRequest<null>(ACCOUNT_SECURITY_PATHS.mobile, { method: 'PUT', body });
export const bindEmail = (body: { password: string; code: string; email: string }) =>
  apiRequest<null>(ACCOUNT_SECURITY_PATHS.email, { method: 'PUT', body });
