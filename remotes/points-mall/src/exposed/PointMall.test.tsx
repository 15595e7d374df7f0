import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import { sealedRequest } from '@khela/api-client/seal';
import { PROMOTION_PATHS as P } from '@khela/api/promotions';
import { loginStateAtom, loginStateFor, modalAtom } from '@khela/session';
import '../i18n';
import PointMall from './PointMall';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
jest.mock('@khela/api-client/seal', () => ({ sealedRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;
const sealed = sealedRequest as jest.MockedFunction<typeof sealedRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  sealed.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

let points = '1250';
const answers: Record<string, unknown> = {
  [P.pointRewards]: [{ id: 4, title: 'Khela T-shirt', detail: 'Cotton', points: '500', stock: 3, maxPerRedeem: 5 }],
  [P.redeemList]: [],
  [P.pointDetails]: [{ id: 1, kind: 'EARN', delta: '1250', balanceAfter: '1250', createdAt: '2026-11-28T01:00:00.000Z' }],
  [P.pointConfig]: {
    poishaPerPoint: '1000',
    minConvert: '100',
    vipLevel: 0,
    memberRate: '10',
    rates: [
      { vipLevel: 0, poishaPerPoint: '10' },
      { vipLevel: 1, poishaPerPoint: '11' },
    ],
  },
};
function serve() {
  api.mockImplementation(async (path) => {
    if (path === P.pointBalance) return { points } as never;
    if (path in answers) return answers[path] as never;
    throw new Error(`unexpected ${path}`);
  });
}
function renderMall(member = true) {
  const store = createStore();
  if (member) store.set(loginStateAtom, loginStateFor({ id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 }));
  render(
    <Provider store={store}>
      <PointMall />
    </Provider>,
  );
  return store;
}

it('shows points, the catalogue, details, rules and the exchange-rate table', async () => {
  points = '1250';
  serve();
  renderMall();
  expect(await screen.findByTestId('mall-points')).toHaveTextContent('1,250 points');
  expect(screen.getByTestId('mall-reward-4')).toHaveTextContent('3 left');
  expect(screen.getByTestId('mall-details')).toHaveTextContent('Earned by playing');
  expect(screen.getByText('You have not redeemed anything yet.')).toBeInTheDocument();
  expect(screen.getByTestId('mall-rule-earn')).toHaveTextContent('Every ৳10.00 of valid bets earns 1 point.');
  expect(within(screen.getByTestId('mall-rates')).getByText('VIP 0 (your level)')).toBeInTheDocument();
});

it('redeems behind the payment password (sealed), then reloads', async () => {
  points = '1250';
  serve();
  sealed.mockResolvedValue({
    id: 9,
    rewardId: 4,
    title: 'Khela T-shirt',
    quantity: 2,
    points: '1000',
    status: 'IN_PROCESS',
  } as never);
  renderMall();
  fireEvent.click(await screen.findByTestId('mall-redeem-4'));
  fireEvent.change(screen.getByTestId('mall-quantity'), { target: { value: '2' } });
  fireEvent.click(screen.getByTestId('mall-confirm'));
  expect(await screen.findByRole('alert')).toHaveTextContent('6-digit payment password');
  expect(sealed).not.toHaveBeenCalled();
  fireEvent.change(screen.getByTestId('mall-password'), { target: { value: '246810' } });
  points = '250';
  fireEvent.click(screen.getByTestId('mall-confirm'));
  expect(await screen.findByTestId('mall-notice')).toHaveTextContent('Redeemed: Khela T-shirt × 2, in process.');
  expect(sealed).toHaveBeenCalledWith(P.redeem, {
    method: 'POST',
    body: { rewardId: 4, quantity: 2, requestKey: expect.stringMatching(/^[0-9a-f]{32}$/), paymentPassword: '246810' },
  });
  expect(await screen.findByText('250 points')).toBeInTheDocument();
});

it('converts points; a refusal is translated and a retry keeps the request key', async () => {
  points = '1250';
  serve();
  sealed.mockRejectedValueOnce(new ApiError('PAYMENT_PASSWORD_WRONG', 'x', 400));
  sealed.mockResolvedValueOnce({ points: '100', amount: '1000', balance: '5000', pointsLeft: '1150' } as never);
  renderMall();
  fireEvent.click(await screen.findByTestId('mall-convert'));
  expect(screen.getByText('You get ৳10.00')).toBeInTheDocument();
  fireEvent.change(screen.getByTestId('mall-password'), { target: { value: '111111' } });
  fireEvent.click(screen.getByTestId('mall-confirm'));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment password is wrong.');
  fireEvent.change(screen.getByTestId('mall-password'), { target: { value: '246810' } });
  fireEvent.click(screen.getByTestId('mall-confirm'));
  expect(await screen.findByTestId('mall-notice')).toHaveTextContent('100 points became ৳10.00 in your main wallet.');
  const [first, second] = sealed.mock.calls.map((c) => (c[1].body as { requestKey: string }).requestKey);
  expect(first).toBe(second);
});

it('a guest is asked to log in and nothing is fetched', async () => {
  const store = renderMall(false);
  expect(screen.getByText('Log in to see your points.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' });
  expect(api).not.toHaveBeenCalled();
});

it('a failed load offers a retry, in Bengali too', async () => {
  api.mockRejectedValueOnce(new TypeError('offline'));
  renderMall();
  await act(() => i18n.changeLanguage('bn'));
  api.mockRejectedValue(new TypeError('offline'));
  expect(await screen.findByText('লোড করা যায়নি। সংযোগ দেখে আবার চেষ্টা করুন।')).toBeInTheDocument();
  points = '7';
  serve();
  fireEvent.click(screen.getByRole('button'));
  expect(await screen.findByTestId('mall-points')).toHaveTextContent('পয়েন্ট');
});
