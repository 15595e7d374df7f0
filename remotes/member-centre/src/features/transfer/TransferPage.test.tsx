import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import { type ConsolidatedDto, type FundsWalletDto, type TransferDto } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { balanceAtom, emitLiveEvent, sessionStore } from '@khela/session';
import * as api from './api';
import TransferPage from './TransferPage';
import { withPushed } from './useFunds';

jest.mock('./api', () => ({
  fetchFunds: jest.fn(),
  fetchRecords: jest.fn(),
  postTransfer: jest.fn(),
  postRecall: jest.fn(),
  newReference: jest.fn(),
}));
const mocked = api as jest.Mocked<typeof api>;

const wallet = (walletCode: string, balance: string, over: Partial<FundsWalletDto> = {}): FundsWalletDto => ({
  walletCode,
  walletName: walletCode === 'MAIN' ? 'Main wallet' : `${walletCode[0]}${walletCode.slice(1).toLowerCase()}`,
  type: walletCode === 'MAIN' ? 'MAIN' : 'TRANSFER',
  balance,
  status: 'OK',
  inLedger: true,
  canTransferIn: walletCode !== 'MAIN',
  canTransferOut: walletCode !== 'MAIN' && balance !== '0',
  ...over,
});
const consolidated = (wallets: FundsWalletDto[], pendingTransfers = 0): ConsolidatedDto => ({
  funds: {
    currency: 'BDT',
    currencySymbol: '৳',
    sumBalance: wallets.reduce((s, w) => s + BigInt(w.balance), BigInt(0)).toString(),
    mainBalance: wallets[0].balance,
    wallets,
    pendingTransfers,
  },
  enableSalary: false,
  enableContract: false,
  contracts: { dividend: null, dailySalary: null, hourlySalary: null, realTimeSalary: null },
});
const record = (over: Partial<TransferDto> = {}): TransferDto => ({
  transferId: 'T0000000000000000000001',
  reference: 'ref-0001',
  vendor: 'DEEPNET',
  direction: 'IN',
  amount: '30000',
  status: 'SUCCESS',
  errorCode: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  completedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

let refs = 0;
beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  jest.resetAllMocks();
  refs = 0;
  mocked.newReference.mockImplementation(() => `reference-${++refs}`);
  mocked.fetchFunds.mockResolvedValue(
    consolidated([wallet('MAIN', '100000'), wallet('DEEPNET', '0'), wallet('BAYFISH', '5000')]),
  );
  mocked.fetchRecords.mockResolvedValue({ list: [], pageNo: 1, totalPages: 0 });
  sessionStore.set(balanceAtom, null);
});

const renderPage = () =>
  render(
    <Provider store={sessionStore}>
      <TransferPage />
    </Provider>,
  );

describe('TransferPage', () => {
  it('shows a loading state, then every wallet, the totals and an empty record list', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByTestId('transfer-total')).toHaveTextContent('৳1,050.00');
    expect(screen.getByTestId('transfer-main')).toHaveTextContent('৳1,000.00');
    expect(screen.getByTestId('transfer-wallet-BAYFISH')).toHaveTextContent('৳50.00');
    expect(await screen.findByText('No transfers yet.')).toBeInTheDocument();
  });

  it('a failed load offers a translated retry', async () => {
    mocked.fetchFunds.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 'x', 0));
    renderPage();
    expect(await screen.findByTestId('transfer-error')).toHaveTextContent('Network link abnormal');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('transfer-total')).toBeInTheDocument();
  });

  it('says so when no game uses a separate wallet', async () => {
    mocked.fetchFunds.mockResolvedValue(consolidated([wallet('MAIN', '100')]));
    renderPage();
    expect(await screen.findByText(/there is nothing to transfer/)).toBeInTheDocument();
  });

  it('validates before sending, then transfers and reloads', async () => {
    renderPage();
    await screen.findByTestId('transfer-form');
    const submit = screen.getByTestId('transfer-submit');
    const feedback = screen.getByTestId('transfer-feedback');
    fireEvent.click(submit);
    expect(feedback).toHaveTextContent('Choose a game wallet.');
    fireEvent.click(screen.getByTestId('transfer-wallet-DEEPNET'));
    fireEvent.click(submit);
    expect(feedback).toHaveTextContent('Enter an amount.');
    for (const [typed, message] of [
      ['abc', 'Enter an amount in taka, like 500 or 500.50.'],
      ['0.99', 'The smallest transfer is ৳1.00.'],
      ['1000.01', 'More than the wallet holds (৳1,000.00).'],
    ]) {
      fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: typed } });
      fireEvent.click(submit);
      expect(feedback).toHaveTextContent(message);
    }
    expect(mocked.postTransfer).not.toHaveBeenCalled();

    mocked.postTransfer.mockResolvedValueOnce(record({ amount: '25050' }));
    fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '২৫০.৫০' } });
    fireEvent.click(submit);
    await waitFor(() => expect(feedback).toHaveTextContent('৳250.50 moved.'));
    expect(mocked.postTransfer).toHaveBeenCalledWith({
      vendor: 'DEEPNET',
      direction: 'IN',
      amount: '25050',
      reference: 'reference-2', // reference-1 is the recall's
    });
    expect(mocked.fetchFunds).toHaveBeenCalledTimes(2);
  });

  it('a network failure keeps the reference, so sending again is a retry; a refusal is translated', async () => {
    renderPage();
    await screen.findByTestId('transfer-form');
    fireEvent.click(screen.getByTestId('transfer-direction-OUT'));
    fireEvent.click(screen.getByTestId('transfer-wallet-BAYFISH'));
    fireEvent.click(screen.getByTestId('transfer-all'));
    expect(screen.getByTestId('transfer-amount')).toHaveValue('50.00');
    mocked.postTransfer.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 'x', 0));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('transfer-feedback')).toHaveTextContent('Network link abnormal'));
    mocked.postTransfer.mockRejectedValueOnce(new ApiError('VENDOR_UNAVAILABLE', 'x', 503));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('transfer-feedback')).toHaveTextContent('cannot be reached now'));
    const sent = mocked.postTransfer.mock.calls.map(([b]) => b.reference);
    expect(sent).toEqual(['reference-2', 'reference-2']); // reference-1 is the recall's
    mocked.postTransfer.mockResolvedValueOnce(record({ status: 'UNKNOWN', direction: 'OUT' }));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('transfer-feedback')).toHaveTextContent('has not confirmed yet'));
    expect(mocked.postTransfer.mock.calls[2][0].reference).toBe('reference-3');
  });

  it('follows pushed balances and reloads when a transfer settles late', async () => {
    renderPage();
    await screen.findByTestId('transfer-form');
    act(() =>
      sessionStore.set(balanceAtom, {
        sumBalance: '1',
        currency: 'BDT',
        currencySymbol: '৳',
        isSingle: false,
        wallets: [
          { walletCode: 'MAIN', walletName: 'Main wallet', type: 'MAIN', balance: '70000' },
          { walletCode: 'DEEPNET', walletName: 'Deepnet', type: 'TRANSFER', balance: '30000' },
        ],
      }),
    );
    expect(screen.getByTestId('transfer-main')).toHaveTextContent('৳700.00');
    expect(screen.getByTestId('transfer-wallet-DEEPNET')).toHaveTextContent('৳300.00');
    mocked.fetchRecords.mockResolvedValue({
      list: [record({ status: 'FAILED', errorCode: 'NOT_FOUND' })],
      pageNo: 1,
      totalPages: 1,
    });
    act(() => emitLiveEvent('transfer', record({ status: 'FAILED', errorCode: 'NOT_FOUND' })));
    expect(await screen.findByTestId('transfer-record')).toHaveTextContent('Failed · The game provider never received it.');
  });

  it('recalls every wallet', async () => {
    mocked.postRecall.mockResolvedValueOnce({
      transfers: [record({ direction: 'OUT', amount: '5000', vendor: 'BAYFISH' })],
      recalled: '5000',
    });
    renderPage();
    await screen.findByTestId('transfer-form');
    fireEvent.click(screen.getByTestId('transfer-recall-all'));
    expect(await screen.findByTestId('recall-feedback')).toHaveTextContent('৳50.00 is back in the main wallet.');
    expect(mocked.postRecall).toHaveBeenCalledWith('reference-1');
  });
});

describe('withPushed', () => {
  it('takes the pushed balance of wallets the ledger holds, never of a connected vendor’s', () => {
    const funds = consolidated([
      wallet('MAIN', '100'),
      wallet('DEEPNET', '0'),
      wallet('CORAL', '900', { inLedger: false }),
    ]).funds;
    const next = withPushed(funds, {
      sumBalance: '0',
      currency: 'BDT',
      currencySymbol: '৳',
      isSingle: false,
      wallets: [
        { walletCode: 'MAIN', walletName: 'M', type: 'MAIN', balance: '50' },
        { walletCode: 'DEEPNET', walletName: 'D', type: 'TRANSFER', balance: '50' },
        { walletCode: 'CORAL', walletName: 'C', type: 'TRANSFER', balance: '0' },
      ],
    });
    expect(next.wallets.map((w) => w.balance)).toEqual(['50', '50', '900']);
    expect(next.sumBalance).toBe('1000');
    expect(next.mainBalance).toBe('50');
    expect(next.wallets[1].canTransferOut).toBe(true);
  });
});
