import { decryptCsPath } from '@khela/api';
import { CHAT_PATHS, type ChatModel } from '@khela/api/chat';
import { apiRequest } from './client';

/** The spec's customer-service window size; others' addresses get no opener. */
const CS_WINDOW = 'width=440,height=750,noopener';
/** The platform's own chat page keeps its opener: the window is then given the tab's session (sessionStorage). */
const CHAT_WINDOW = 'width=440,height=750';

/**
 * Opens a customer-service channel in its 440 by 750 window: the live chat at the address its
 * launch answers (`chatUrl`, the platform's own chat page), any other channel at its address,
 * decrypted first.
 */
export async function openCustomerService(entry: { path: string; csType?: string }, modelCode?: ChatModel): Promise<void> {
  // Open synchronously (popup blockers), then point it at the address.
  const chat = entry.csType === 'livechat';
  const features = chat ? CHAT_WINDOW : CS_WINDOW;
  const win = window.open('about:blank', 'khela-cs', features);
  try {
    const url = chat
      ? new URL(
          (await apiRequest<{ chatUrl: string }>(CHAT_PATHS.launchChat, { query: { modelCode } })).chatUrl,
          window.location.origin,
        ).href
      : await decryptCsPath(entry.path);
    if (!/^https?:\/\//.test(url)) throw new Error('invalid URL');
    if (win) win.location.href = url;
    else window.open(url, 'khela-cs', features);
  } catch {
    win?.close();
  }
}
