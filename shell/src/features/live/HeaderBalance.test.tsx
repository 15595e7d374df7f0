import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import { balanceAtom, liveActions, sessionStore, setToken } from '@khela/session';
import type { WalletBalanceDto } from '@khela/api';
import HeaderBalance, { BALANCE_HIDDEN_KEY } from './HeaderBalance';

const value = (sumBalance: string): WalletBalanceDto => ({
  sumBalance,
  currency: 'BDT',
  currencySymbol: '৳',
  isSingle: false,
  wallets: [{ walletCode: 'MAIN', walletName: 'Main wallet', type: 'MAIN', balance: sumBalance }],
});

type Answer = { ok: boolean; status: number; json: () => Promise<unknown> };
let answers: Array<() => Promise<Answer>>;
const envelope = (v: unknown): Answer => ({
  ok: true,
  status: 200,
  json: async () => ({ success: true, message: 'OK', value: v }),
});

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  setToken('t'.repeat(43));
  sessionStore.set(balanceAtom, null);
  answers = [];
  global.fetch = jest.fn(() => (answers.shift() ?? (() => Promise.resolve(envelope(value('0')))))()) as jest.Mock;
});

const renderBalance = () =>
  render(
    <Provider store={sessionStore}>
      <HeaderBalance />
    </Provider>,
  );

describe('HeaderBalance', () => {
  it('reads the balance and shows the total in taka, in Bengali digits in BN', async () => {
    answers.push(() => Promise.resolve(envelope(value('123456789'))));
    renderBalance();
    await waitFor(() => expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳12,34,567.89'));
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(String((global.fetch as jest.Mock).mock.calls[0][0])).toMatch(/\/wps\/v2\/wallets\/balance$/);
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳১২,৩৪,৫৬৭.৮৯');
    expect(screen.getByRole('button', { name: 'ব্যালান্স লুকান' })).toBeInTheDocument();
  });

  it('follows a pushed balance without asking the server', async () => {
    renderBalance();
    await waitFor(() => expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳0.00'));
    act(() => sessionStore.set(balanceAtom, value('50000')));
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳500.00');
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('hides and shows the amount with the eye, and remembers the choice', async () => {
    sessionStore.set(balanceAtom, value('700'));
    const { unmount } = renderBalance();
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳ ••••');
    expect(screen.getByTestId('header-balance-amount')).toHaveAccessibleName('Balance hidden');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');
    unmount();
    renderBalance();
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳ ••••');
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳7.00');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBeNull();
  });

  it('refreshes on demand, spinning and disabled while it reads; a failure offers it again', async () => {
    sessionStore.set(balanceAtom, value('100'));
    renderBalance();
    let answer!: (r: Answer) => void;
    answers.push(() => new Promise<Answer>((resolve) => (answer = resolve)));
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    fireEvent.click(refresh);
    await waitFor(() => expect(refresh).toBeDisabled());
    expect(refresh).toHaveAttribute('aria-busy', 'true');
    expect(refresh.className).toMatch(/--spinning/);
    await act(async () => answer(envelope(value('250'))));
    await waitFor(() => expect(refresh).not.toBeDisabled());
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳2.50');

    answers.push(() => Promise.reject(new TypeError('offline')));
    fireEvent.click(refresh);
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-amount')).toHaveAttribute('title', 'Network link abnormal, please try again.'),
    );
    // the last balance stays
    expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('৳2.50');
  });

  it('is what remotes refresh through @khela/session', async () => {
    renderBalance();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
    answers.push(() => Promise.resolve(envelope(value('999'))));
    await act(() => liveActions.refreshBalance());
    expect(sessionStore.get(balanceAtom)?.sumBalance).toBe('999');
  });
});
