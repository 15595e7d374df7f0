import { apiRequest } from '@khela/api';
import { SECURITY_PATHS, type DeviceDto, type ProfileDto } from '@khela/api/member-centre';

export const fetchProfile = (signal?: AbortSignal) => apiRequest<ProfileDto>(SECURITY_PATHS.profile, { signal });
export const saveProfile = (values: Record<string, string>) =>
  apiRequest<ProfileDto>(SECURITY_PATHS.profile, { method: 'PUT', body: values });
export const fetchDevices = (signal?: AbortSignal) => apiRequest<DeviceDto[]>(SECURITY_PATHS.devices, { signal });
export const logoutOthers = () => apiRequest<{ ended: number }>(SECURITY_PATHS.otherDevices, { method: 'DELETE' });
