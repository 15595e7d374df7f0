import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError } from '@khela/api-client';
import type { ContractDto, SettlementsDto, TeamOverviewDto } from '@khela/api/agent';
import * as api from './api';
import { OverviewPage } from './reports';
import { RegisterPage } from './members';
import { SalaryPage } from './contracts';

jest.mock('./api', () => ({
  fetchOverview: jest.fn(),
  fetchContracts: jest.fn(),
  fetchSettlements: jest.fn(),
  actOnContract: jest.fn(),
  offerContract: jest.fn(),
  registerAccount: jest.fn(),
}));
const mocked = api as jest.Mocked<typeof api>;

const overview: TeamOverviewDto = {
  from: '2026-11-28',
  to: '2026-11-28',
  members: 12,
  agents: 2,
  newMembers: 3,
  activeMembers: 5,
  deposits: '1234500',
  withdrawals: '20000',
  validBet: '987654',
  profit: '-45000',
};
const offered: ContractDto = {
  id: 7,
  kind: 'REALTIME',
  uplineAccount: 'boss',
  downlineAccount: 'me',
  rateBp: 125,
  minActiveMembers: 0,
  minValidBet: '0',
  period: 'D',
  status: 'OFFERED',
  offeredAt: '2026-11-28T04:00:00.000Z',
  acceptedAt: null,
  endedAt: null,
  endReason: null,
  mine: true,
};
const noSettlements: SettlementsDto = {
  from: '2026-11-22',
  to: '2026-11-28',
  page: 1,
  pageSize: 20,
  total: 0,
  totalPages: 0,
  totals: { amount: '0', paid: '0', owed: '0' },
  list: [],
};

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  jest.resetAllMocks();
});

it('team overview: the figures in taka, a changed period asks again, and a refusal is translated with a retry', async () => {
  mocked.fetchOverview.mockResolvedValue(overview);
  render(<OverviewPage />);
  expect(await screen.findByTestId('ov-validBet')).toHaveTextContent('৳9,876.54');
  expect(screen.getByTestId('ov-profit')).toHaveTextContent('-৳450.00');
  expect(screen.getByTestId('ov-members')).toHaveTextContent('12');
  mocked.fetchOverview.mockRejectedValueOnce(new ApiError('RANGE_TOO_LONG', 'x', 400));
  fireEvent.click(screen.getByTestId('range-LAST_30_DAYS'));
  expect(await screen.findByRole('alert')).toHaveTextContent('The period is too long.');
  expect(mocked.fetchOverview).toHaveBeenLastCalledWith({ range: 'LAST_30_DAYS' }, expect.anything());
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('ov-validBet')).toBeInTheDocument();
});

it('in BN: labels and numbers in Bengali', async () => {
  await i18n.changeLanguage('bn');
  mocked.fetchOverview.mockResolvedValue(overview);
  render(<OverviewPage />);
  expect(await screen.findByText('সক্রিয় সদস্য')).toBeInTheDocument();
  expect(screen.getByTestId('ov-members')).toHaveTextContent('১২');
});

it('register account: the rights refusal is translated; success names the account and a sub-agent’s code', async () => {
  mocked.registerAccount.mockRejectedValueOnce(new ApiError('US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR', 'x', 403));
  render(<RegisterPage />);
  fireEvent.change(screen.getByTestId('register-kind'), { target: { value: 'AGENT' } });
  fireEvent.change(screen.getByTestId('register-account'), { target: { value: 'newagent' } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Agent-Pass-2026' } });
  fireEvent.click(screen.getByTestId('register-submit'));
  expect(await screen.findByTestId('register-error')).toHaveTextContent('You have no right to register this kind of account.');
  mocked.registerAccount.mockResolvedValueOnce({ id: 9, account: 'newagent', type: 2, affiliateCode: 'ABCD2345' });
  fireEvent.click(screen.getByTestId('register-submit'));
  expect(await screen.findByTestId('register-done')).toHaveTextContent(
    'newagent is registered in your team. Invitation code: ABCD2345',
  );
  expect(mocked.registerAccount).toHaveBeenLastCalledWith({
    account: 'newagent',
    password: 'Agent-Pass-2026',
    kind: 'AGENT',
    nickname: undefined,
  });
});

it('a contract offered to me: accept it, and a refusal of the next action is shown; no payments yet is the empty state', async () => {
  mocked.fetchContracts
    .mockResolvedValueOnce({ list: [offered] })
    .mockResolvedValue({ list: [{ ...offered, status: 'ACTIVE' }] });
  mocked.fetchSettlements.mockResolvedValue(noSettlements);
  mocked.actOnContract.mockResolvedValue({ ...offered, status: 'ACTIVE' });
  render(<SalaryPage kind="REALTIME" />);
  expect(await screen.findByText('From boss')).toBeInTheDocument();
  expect(screen.getByText('Rate 1.25 %')).toBeInTheDocument();
  expect(screen.getByTestId('empty-state')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('contract-accept'));
  await waitFor(() => expect(screen.getByTestId('contract-status')).toHaveTextContent('Active'));
  expect(mocked.actOnContract).toHaveBeenCalledWith(7, 'ACCEPT');
  mocked.actOnContract.mockRejectedValueOnce(new ApiError('CONTRACT_STATE', 'x', 409));
  fireEvent.click(screen.getByTestId('contract-terminate'));
  expect(await screen.findByText('The contract cannot be changed like that any more.')).toBeInTheDocument();
});

it('an offer with a rate out of 0.01–100 % is refused before it is sent', async () => {
  mocked.fetchContracts.mockResolvedValue({ list: [] });
  mocked.fetchSettlements.mockResolvedValue(noSettlements);
  render(<SalaryPage kind="DAILY" />);
  expect(await screen.findByTestId('contracts-empty')).toHaveTextContent('No contracts yet.');
  fireEvent.change(screen.getByTestId('offer-downline'), { target: { value: 'subagent' } });
  fireEvent.change(screen.getByTestId('offer-rate'), { target: { value: '0' } });
  fireEvent.submit(screen.getByTestId('offer-form'));
  expect(await screen.findByTestId('offer-error')).toHaveTextContent('Check what you entered.');
  expect(mocked.offerContract).not.toHaveBeenCalled();
  fireEvent.change(screen.getByTestId('offer-rate'), { target: { value: '0.5' } });
  mocked.offerContract.mockResolvedValue({ ...offered, mine: false, status: 'OFFERED' });
  fireEvent.submit(screen.getByTestId('offer-form'));
  expect(await screen.findByTestId('offer-done')).toHaveTextContent('Contract offered to subagent.');
  expect(mocked.offerContract).toHaveBeenCalledWith({ downline: 'subagent', kind: 'DAILY', rateBp: 50, minActiveMembers: 0 });
});
