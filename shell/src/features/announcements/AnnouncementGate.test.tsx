import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import type { Announcement } from '@khela/api/games';
import {
  clearSession,
  emitLiveEvent,
  GUEST,
  loginStateAtom,
  loginStateFor,
  modalAtom,
  sessionPhaseAtom,
  sessionStore,
} from '@khela/session';
import { AnnouncementGate } from './AnnouncementGate';

const popup = (id: number, execution: string, extra: Partial<Announcement> = {}): Announcement => ({
  id,
  type: 'PU',
  title: `Popup ${id}`,
  content: `<p>Body ${id}</p>`,
  promotionType: null,
  execution,
  link: null,
  ...extra,
});

/** the server's popups per execution code */
let served: Record<string, Announcement[]>;
let calls: string[];

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  clearSession();
  sessionStorage.clear();
  sessionStore.set(loginStateAtom, GUEST);
  sessionStore.set(sessionPhaseAtom, 'ready');
  sessionStore.set(modalAtom, null);
  served = { A: [], B: [], F: [] };
  calls = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const execution = url.searchParams.get('execution')!;
    calls.push(execution);
    return {
      ok: true,
      status: 200,
      json: async () => ({
        success: true,
        message: 'OK',
        value: { banners: [], playerNotices: [], popup: served[execution] ?? [], promotion: [] },
      }),
    };
  }) as unknown as typeof fetch;
});

function renderGate(path = '/') {
  return render(
    <Provider store={sessionStore}>
      <MemoryRouter initialEntries={[path]}>
        <AnnouncementGate />
        <Routes>
          <Route path="*" element={<div data-testid="page" />} />
          <Route path="/member/rewardCenter" element={<div data-testid="reward-centre" />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const member = (firstTimeLogin: boolean) =>
  loginStateFor({ id: 7, account: 'rahim01', nickname: 'Rahim', type: 1 }, firstTimeLogin);

describe('AnnouncementGate', () => {
  it('shows a visitor the A set once per session, paged, previous disabled at the first and next at the last', async () => {
    served.A = [popup(1, 'A'), popup(2, 'A')];
    const first = renderGate();
    const dialog = await screen.findByTestId('announcement-modal');
    expect(dialog).toHaveTextContent('Popup 1');
    expect(calls).toEqual(['A']);
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(dialog).toHaveTextContent('Popup 2');
    expect(screen.getByTestId('announcement-position')).toHaveTextContent('2 of 2');
    expect(next).toBeDisabled();
    expect(prev).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
    first.unmount();
    // the same session, another page: not again
    renderGate('/hot');
    await waitFor(() => expect(calls).toEqual(['A', 'A']));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
  });

  it('after a first-time login a member gets the F set then the B set, under a flag of its own', async () => {
    served.A = [popup(1, 'A')];
    served.B = [popup(5, 'B')];
    served.F = [popup(9, 'F')];
    renderGate();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' })); // the visitor's set, closed
    act(() => sessionStore.set(loginStateAtom, member(true)));
    const dialog = await screen.findByTestId('announcement-modal');
    expect(dialog).toHaveTextContent('Popup 9');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveTextContent('Popup 5');
    expect(calls.slice(1).sort()).toEqual(['B', 'F']);
  });

  it('waits while another modal is open, and stays off game pages', async () => {
    served.A = [popup(1, 'A')];
    sessionStore.set(modalAtom, { key: 'loginPopupModal' });
    const view = renderGate();
    await waitFor(() => expect(calls).toEqual(['A']));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
    act(() => sessionStore.set(modalAtom, null));
    expect(await screen.findByTestId('announcement-modal')).toBeInTheDocument();
    view.unmount();
    renderGate('/play/KHELA_CRASH');
    await waitFor(() => expect(calls).toEqual(['A', 'A']));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
  });

  it("a promotion's button opens the reward centre and closes the modal", async () => {
    sessionStore.set(loginStateAtom, member(false));
    served.B = [popup(5, 'B', { promotionType: 'REBATE' })];
    renderGate();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the reward centre' }));
    expect(screen.getByTestId('reward-centre')).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
  });

  it('a popup an operator publishes later reaches a member over the live channel, once', async () => {
    sessionStore.set(loginStateAtom, member(false));
    served.B = [popup(5, 'B')];
    renderGate();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    served.B = [popup(5, 'B'), popup(6, 'B')];
    act(() => emitLiveEvent('announcement', { id: 6, type: 'PU' }));
    const dialog = await screen.findByTestId('announcement-modal');
    expect(dialog).toHaveTextContent('Popup 6');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull(); // popup 5 was closed already
  });

  it('no popups, or a failed call: nothing shows', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    renderGate();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
  });
});
