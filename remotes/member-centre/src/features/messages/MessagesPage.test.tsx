import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import type { InboxDto, MessageDto } from '@khela/api/member-centre';
import { emitLiveEvent } from '@khela/session';
import '../../i18n';
import MessagesPage from './MessagesPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

const msg = (id: number, read = false, title = `Message ${id}`): MessageDto => ({
  id,
  title,
  content: `<p>Body of <b>${id}</b></p>`,
  category: 'SYSTEM',
  createdAt: '2026-06-15T08:00:00.000Z',
  read,
});
const inbox = (list: MessageDto[], extra: Partial<InboxDto> = {}): InboxDto => ({
  list,
  page: 1,
  size: 20,
  total: list.length,
  totalPages: 1,
  unread: list.filter((m) => !m.read).length,
  ...extra,
});
/** answers each call by its path (the inbox by its page) */
function serve(answers: Record<string, unknown | ((opts: { body?: unknown; query?: Record<string, unknown> }) => unknown)>) {
  api.mockImplementation(async (path, opts = {}) => {
    const a = answers[path];
    if (a === undefined) throw new Error(`unexpected ${path}`);
    const v = typeof a === 'function' ? (a as (o: typeof opts) => unknown)(opts as never) : a;
    if (v instanceof Error) throw v;
    return v as never;
  });
}

it('lists the messages with the unread ones marked, opens one (marking it read) and shows its HTML', async () => {
  serve({
    '/wps/relay/CSP_getInbox': inbox([msg(2), msg(1, true)]),
    '/wps/relay/CSP_readInbox': { changed: 1, unread: 0 },
  });
  render(<MessagesPage />);
  expect(await screen.findByTestId('message-2')).toHaveAttribute('data-read', 'false');
  expect(screen.getByTestId('message-1')).toHaveAttribute('data-read', 'true');
  expect(screen.getByTestId('messages-unread')).toHaveTextContent('1 unread');
  fireEvent.click(within(screen.getByTestId('message-2')).getByRole('button'));
  expect(screen.getByTestId('message-content').innerHTML).toBe('<p>Body of <b>2</b></p>');
  await waitFor(() => expect(screen.getByTestId('message-2')).toHaveAttribute('data-read', 'true'));
  expect(api).toHaveBeenCalledWith('/wps/relay/CSP_readInbox', { method: 'POST', body: { ids: [2] } });
  expect(screen.getByTestId('messages-unread')).toHaveTextContent('All read');
  expect(screen.getByTestId('messages-read-all')).toBeDisabled();
});

it('deletes a message after confirming, and marks all read', async () => {
  serve({
    '/wps/relay/CSP_getInbox': inbox([msg(3), msg(2), msg(1, true)]),
    '/wps/relay/CSP_readInbox': { changed: 1, unread: 1 },
    '/wps/relay/CSP_deleteInbox': { changed: 1, unread: 1 },
    '/wps/relay/CSP_readAllInbox': { changed: 1, unread: 0 },
  });
  render(<MessagesPage />);
  fireEvent.click(within(await screen.findByTestId('message-1')).getByRole('button'));
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(screen.getByTestId('message-delete-confirm')).getByRole('button', { name: /confirm/i }));
  await waitFor(() => expect(screen.queryByTestId('message-1')).toBeNull());
  expect(api).toHaveBeenCalledWith('/wps/relay/CSP_deleteInbox', { method: 'POST', body: { ids: [1] } });
  fireEvent.click(screen.getByTestId('messages-read-all'));
  await waitFor(() => expect(screen.getByTestId('message-3')).toHaveAttribute('data-read', 'true'));
  expect(screen.getByTestId('message-2')).toHaveAttribute('data-read', 'true');
  expect(screen.getByTestId('messages-unread')).toHaveTextContent('All read');
});

it('says when there are no messages (in Bengali), and shows a translated error with a retry', async () => {
  await act(() => i18n.changeLanguage('bn'));
  serve({ '/wps/relay/CSP_getInbox': inbox([]) });
  const { unmount } = render(<MessagesPage />);
  expect(await screen.findByText('আপনার কোনো বার্তা নেই।')).toBeInTheDocument();
  unmount();
  await act(() => i18n.changeLanguage('en'));
  let fail = true;
  serve({
    '/wps/relay/CSP_getInbox': () => (fail ? new ApiError('NETWORK_ERROR', 'down', 0) : inbox([msg(1)])),
  });
  render(<MessagesPage />);
  const retry = await screen.findByRole('button', { name: /retry|try again/i });
  fail = false;
  fireEvent.click(retry);
  expect(await screen.findByTestId('message-1')).toBeInTheDocument();
});

it('shows an error when marking read fails, and keeps the message unread', async () => {
  serve({
    '/wps/relay/CSP_getInbox': inbox([msg(1)]),
    '/wps/relay/CSP_readInbox': new ApiError('NOT_LOGGED_IN', 'no', 401),
  });
  render(<MessagesPage />);
  fireEvent.click(within(await screen.findByTestId('message-1')).getByRole('button'));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.getByTestId('message-1')).toHaveAttribute('data-read', 'false');
});

it('loads more pages, and reloads when a pushed badge count differs from the page', async () => {
  let first = inbox([msg(3), msg(2)], { total: 3, totalPages: 2, size: 2 });
  serve({
    '/wps/relay/CSP_getInbox': (o: { query?: Record<string, unknown> }) =>
      o.query?.page === 2 ? inbox([msg(1)], { total: 3, page: 2 }) : first,
  });
  render(<MessagesPage />);
  await screen.findByTestId('message-3');
  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await screen.findByTestId('message-1')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

  first = inbox([msg(4), msg(3), msg(2)], { total: 4 });
  act(() => emitLiveEvent('badges', { mission: 0, message: 4, reward: 0 }));
  expect(await screen.findByTestId('message-4')).toBeInTheDocument();
});
