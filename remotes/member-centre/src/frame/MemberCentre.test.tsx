import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { type PermissionInfo } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import {
  balanceAtom,
  emitLiveEvent,
  loginStateAtom,
  loginStateFor,
  permissionAtom,
  publicStateAtom,
  sessionStore,
} from '@khela/session';
import MemberCentre from '../exposed/MemberCentre';
import { MEMBER_PAGES, MENU_GROUPS } from '../pages';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const summary = { account: 'rahim01', nickname: 'Rahim', hasVip: true, vipRankLevel: 2, vipLabelName: 'Gold' };
let counts: unknown = { mission: 0, message: 2, reward: 0 };

function permissionWith(referral: boolean): PermissionInfo {
  return {
    whitelabel: [
      { modId: 'AGENT3', enabled: true, childrenNodes: [{ modId: 'REFERRAL3', enabled: referral, childrenNodes: [] }] },
    ],
  } as unknown as PermissionInfo;
}

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  counts = { mission: 0, message: 2, reward: 0 };
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/wps/member/summary') return summary as never;
    if (path === '/wps/relay/CSP_unreadCount') {
      if (counts instanceof Error) throw counts;
      return counts as never;
    }
    throw new ApiError('NOT_FOUND', path, 404);
  });
  sessionStore.set(loginStateAtom, loginStateFor({ id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 }));
  sessionStore.set(balanceAtom, { sumBalance: '123456', currency: 'BDT', currencySymbol: '৳', isSingle: true, wallets: [] });
  sessionStore.set(permissionAtom, permissionWith(true));
  await act(() => i18n.changeLanguage('en'));
});

const renderAt = (path = '/member/securityCenter') =>
  render(
    <Provider store={sessionStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/member/*" element={<MemberCentre />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe('the member centre frame', () => {
  it('shows the account, the balance and the VIP label at the top', async () => {
    renderAt();
    expect(await screen.findByTestId('member-vip')).toHaveTextContent('Gold');
    expect(screen.getByTestId('member-account')).toHaveTextContent('rahim01');
    expect(screen.getByTestId('member-balance')).toHaveTextContent('1,234.56');
  });

  it("lists every page in the spec's three groups, in BN and EN", async () => {
    expect(new Set(MENU_GROUPS.flatMap((g) => g.pages))).toEqual(new Set(MEMBER_PAGES));
    renderAt();
    for (const name of ['My account', 'Wallet', 'Red envelope']) expect(screen.getByRole('group', { name })).toBeInTheDocument();
    for (const p of MEMBER_PAGES) expect(screen.getByTestId(`menu-${p}`)).toHaveAttribute('href', `/member/${p}`);
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByRole('group', { name: 'লাল খাম' })).toBeInTheDocument();
    await screen.findByTestId('member-vip');
  });

  it('shows a badge only above 0, and follows the live channel without a reload', async () => {
    renderAt();
    expect(await screen.findByTestId('badge-messageV2')).toHaveTextContent('2');
    expect(screen.queryByTestId('badge-missionLeaderboard')).toBeNull();
    expect(screen.queryByTestId('badge-rewardCenter')).toBeNull();
    expect(sessionStore.get(publicStateAtom).unreadMessage).toBe(2);

    act(() => emitLiveEvent('badges', { mission: 1, message: 0, reward: 4 }));
    await waitFor(() => expect(screen.queryByTestId('badge-messageV2')).toBeNull());
    expect(screen.getByTestId('badge-missionLeaderboard')).toHaveTextContent('1');
    expect(within(screen.getByTestId('menu-rewardCenter')).getByTestId('badge-rewardCenter')).toHaveTextContent('4');
    expect(sessionStore.get(publicStateAtom)).toMatchObject({ unreadMessage: 0 });
    await screen.findByTestId('member-vip');
  });

  it('shows no badge when the counts cannot be read', async () => {
    counts = new ApiError('UNKNOWN_ERROR', 'down', 500);
    renderAt();
    await screen.findByTestId('member-vip');
    expect(screen.queryByTestId('badge-messageV2')).toBeNull();
  });

  it('leaves the referral page out of the menu while REFERRAL3 is off', async () => {
    sessionStore.set(permissionAtom, permissionWith(false));
    renderAt();
    expect(screen.queryByTestId('menu-referral')).toBeNull();
    expect(screen.getByTestId('menu-messageV2')).toBeInTheDocument();
    await screen.findByTestId('member-vip');
  });

  it('opens a page by its URL, and says so of an unknown one', async () => {
    const { unmount } = renderAt('/member/manualRebate');
    // the page's own heading, then its content (loaded in its own chunk)
    expect(await screen.findByTestId('member-page-manualRebate')).toHaveTextContent(/^Rebate/);
    expect(screen.getByTestId('menu-manualRebate')).toHaveClass('active');
    await screen.findByTestId('member-vip');
    unmount();
    renderAt('/member/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    await screen.findByTestId('member-vip');
  });
});
