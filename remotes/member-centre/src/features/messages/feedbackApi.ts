import { ApiError, apiRequest, NETWORK_ERROR } from '@khela/api-client';
import { FEEDBACK_PATH, type FeedbackConfigDto } from '@khela/api/member-centre';
import { currentLanguage } from '@khela/i18n';
import { getToken } from '@khela/session';

export const fetchFeedbackConfig = (signal?: AbortSignal) => apiRequest<FeedbackConfigDto>(FEEDBACK_PATH, { signal });

/**
 * Sends feedback and its images in one multipart request whose upload progress is reported
 * (XMLHttpRequest through axios; fetch cannot tell how much of a body was sent). axios is
 * imported here only, when a member actually sends: no other chunk carries it.
 */
export async function sendFeedback(
  content: string,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ id: number }> {
  const { default: axios } = await import(/* webpackChunkName: "axios-upload" */ 'axios');
  const form = new FormData();
  form.append('content', content);
  for (const f of files) form.append('files', f, f.name);
  const token = getToken();
  try {
    const res = await axios.put(FEEDBACK_PATH, form, {
      signal,
      headers: { ...(token ? { Authorization: token } : {}), Language: currentLanguage(), Device: 'web' },
      onUploadProgress: (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0),
      validateStatus: () => true,
    });
    const env = res.data as { success?: boolean; value?: unknown; errorCode?: string; message?: string } | null;
    if (!env || typeof env !== 'object') throw new ApiError(NETWORK_ERROR, 'invalid answer', res.status);
    if (res.status >= 400 || !env.success)
      throw new ApiError(env.errorCode ?? 'UNKNOWN_ERROR', env.message ?? '', res.status, env.value ?? undefined);
    onProgress(1);
    return env.value as { id: number };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (axios.isCancel(err)) throw err;
    throw new ApiError(NETWORK_ERROR, 'network link abnormal', 0);
  }
}
