import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import * as client from '@khela/api-client';
import TransferUplinePage from './TransferUplinePage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const apiRequest = client.apiRequest as jest.Mock;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  apiRequest.mockReset();
});

it('sends taka to the upline behind the payment password; a retry after a network failure reuses the request id', async () => {
  apiRequest.mockImplementation(async (path: string) => {
    if (path.endsWith('/upline')) return { upline: 'boss' };
    throw new TypeError('network down');
  });
  render(<TransferUplinePage />);
  expect(await screen.findByTestId('upline-account')).toHaveTextContent('boss');
  fireEvent.change(screen.getByTestId('upline-amount'), { target: { value: '12.50' } });
  fireEvent.change(screen.getByTestId('upline-password'), { target: { value: '482915' } });
  fireEvent.submit(screen.getByTestId('transfer-upline-page'));
  expect(await screen.findByTestId('upline-error')).toBeInTheDocument();
  apiRequest.mockImplementation(async (path: string) =>
    path.endsWith('/upline')
      ? { upline: 'boss' }
      : { transactionId: 1, to: 'boss', amount: '1250', balance: '8750', replayed: false },
  );
  fireEvent.submit(screen.getByTestId('transfer-upline-page'));
  expect(await screen.findByTestId('upline-done')).toHaveTextContent('৳12.50 sent to boss. Your balance: ৳87.50.');
  const sends = apiRequest.mock.calls.filter(([p]) => p === '/wps/agent/transfer');
  expect(sends).toHaveLength(2);
  expect(sends[0][1].body).toMatchObject({ to: 'boss', amount: '1250', paymentPassword: '482915' });
  expect(sends[1][1].body.requestId).toBe(sends[0][1].body.requestId);
});

it('without an upline: says so; a bad amount is refused before sending', async () => {
  apiRequest.mockResolvedValueOnce({ upline: null });
  const { unmount } = render(<TransferUplinePage />);
  expect(await screen.findByTestId('empty-state')).toHaveTextContent('You have no upline to transfer to.');
  unmount();
  apiRequest.mockResolvedValue({ upline: 'boss' });
  render(<TransferUplinePage />);
  fireEvent.change(await screen.findByTestId('upline-amount'), { target: { value: 'abc' } });
  fireEvent.change(screen.getByTestId('upline-password'), { target: { value: '482915' } });
  fireEvent.submit(screen.getByTestId('transfer-upline-page'));
  expect(await screen.findByTestId('upline-error')).toHaveTextContent('Enter an amount in taka');
  expect(apiRequest.mock.calls.filter(([p]) => p === '/wps/agent/transfer')).toHaveLength(0);
});
