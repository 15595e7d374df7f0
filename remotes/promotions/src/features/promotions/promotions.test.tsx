import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import { PROMOTION_PATHS, type PromotionCardDto, type PromotionDetailDto } from '@khela/api/promotions';
import { loginStateAtom, loginStateFor, modalAtom, publicStateAtom } from '@khela/session';
import PromotionsPage from '../../exposed/PromotionsPage';
import { promotionCard as card } from '../../testing/cards';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

function renderAt(path: string, member = true) {
  const store = createStore();
  if (member) store.set(loginStateAtom, loginStateFor({ id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<PromotionsPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

it('loads the promotions, filters them by category tab, and shows each state', async () => {
  api.mockResolvedValue({
    list: [
      card(1),
      card(2, { category: 'slots', state: 'comingSoon', startsAt: '2026-12-24T00:00:00.000Z' }),
      card(3, { category: 'newbie', state: 'close', reason: 'NOT_NEW_MEMBER' }),
    ],
    available: 1,
  } as never);
  const store = renderAt('/promotions');
  expect(await screen.findByTestId('promo-card-P1')).toBeInTheDocument();
  expect(store.get(publicStateAtom).availablePromoCount).toBe(1); // the header's count
  expect(screen.getByTestId('promo-state-P2')).toHaveTextContent('Coming soon');
  expect(within(screen.getByTestId('promo-card-P3')).getByText('For new members only.')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('promo-tab-slots'));
  expect(screen.queryByTestId('promo-card-P1')).toBeNull();
  expect(screen.getByTestId('promo-card-P2')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('promo-tab-fish'));
  expect(screen.getByText('No promotions in this category right now.')).toBeInTheDocument();
  expect(api).toHaveBeenCalledWith(PROMOTION_PATHS.list, expect.objectContaining({ query: { lang: 'EN' } }));
});

it('joins, then claims; a refusal is translated', async () => {
  let state: PromotionCardDto = card(1);
  api.mockImplementation(async (path) => {
    if (path === PROMOTION_PATHS.list) return { list: [state], available: 1 } as never;
    if (path === PROMOTION_PATHS.join) {
      state = card(1, { state: 'claim', stage: 'JOINED' });
      return { state: 'joined' } as never;
    }
    if (path === PROMOTION_PATHS.claim) throw new ApiError('BONUS_IN_PROGRESS', 'x', 409);
    throw new Error(`unexpected ${path}`);
  });
  renderAt('/promotions');
  fireEvent.click(await screen.findByTestId('promo-join-P1'));
  fireEvent.click(await screen.findByTestId('promo-claim-P1'));
  expect(await screen.findByRole('alert')).toHaveTextContent('Finish the wagering of your current bonus first.');
});

it('a member on a break is told why a promotion refuses them, in both languages', async () => {
  api.mockImplementation(async (path) => {
    if (path === PROMOTION_PATHS.list) return { list: [card(1)], available: 1 } as never;
    if (path === PROMOTION_PATHS.join) throw new ApiError('SELF_EXCLUDED', 'x', 403, { until: null });
    throw new Error(`unexpected ${path}`);
  });
  renderAt('/promotions');
  fireEvent.click(await screen.findByTestId('promo-join-P1'));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your account is on a break');
  await act(() => i18n.changeLanguage('bn'));
  fireEvent.click(await screen.findByTestId('promo-join-P1'));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('আপনার অ্যাকাউন্ট বিরতিতে আছে'));
});

it('an issued bonus whose wagering is met points to the reward centre; a guest who joins is asked to log in', async () => {
  api.mockResolvedValue({ list: [card(1, { state: 'claim', stage: 'ISSUED' }), card(2)], available: 1 } as never);
  const store = renderAt('/promotions', false);
  expect(await screen.findByTestId('promo-reward-P1')).toHaveAttribute('href', '/member/rewardCenter');
  fireEvent.click(screen.getByTestId('promo-join-P2'));
  expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' });
  expect(api).not.toHaveBeenCalledWith(PROMOTION_PATHS.join, expect.anything());
});

it('the detail view: content, rule, progress; errors; Bengali', async () => {
  const detail: PromotionDetailDto = {
    ...card(5, { state: 'issued', stage: 'ISSUED' }),
    content: '<p>Rich <b>text</b></p>',
    percentBp: 10000,
    fixedAmount: '0',
    maxBonus: '1000000',
    minAmount: '20000',
    wageringMultiplier: 10,
    contribution: { RNG: 100, LIVE: 20 },
    onWithdrawal: 'FORFEIT',
    needsApproval: false,
    progress: { basis: '50000', bonus: '50000', wageringRequired: '500000', wageringDone: '125000' },
  };
  api.mockResolvedValue(detail as never);
  renderAt('/promotions?id=5');
  expect(await screen.findByText('Promotion 5')).toBeInTheDocument();
  expect(screen.getByTestId('promotion-progress')).toHaveTextContent('Wagering ৳1,250.00 of ৳5,000.00');
  expect(screen.getByText('Live casino: 20%')).toBeInTheDocument();
  expect(screen.getByText(/100% of a deposit from ৳200.00/)).toBeInTheDocument();
  await act(() => i18n.changeLanguage('bn'));
  await waitFor(() =>
    expect(api).toHaveBeenLastCalledWith(PROMOTION_PATHS.detail, expect.objectContaining({ query: { id: 5, lang: 'BN' } })),
  );
  expect(await screen.findByText('সব প্রমোশন', { exact: false })).toBeInTheDocument();
});

it('a missing promotion and a failed list', async () => {
  api.mockRejectedValue(new ApiError('PROMOTION_NOT_FOUND', 'x', 404));
  renderAt('/promotions?id=9');
  expect(await screen.findByText('This promotion is no longer available.')).toBeInTheDocument();
});

it('a failed list offers a retry', async () => {
  api.mockRejectedValueOnce(new TypeError('offline'));
  api.mockResolvedValue({ list: [card(1)], available: 1 } as never);
  renderAt('/promotions');
  fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('promo-card-P1')).toBeInTheDocument();
});
