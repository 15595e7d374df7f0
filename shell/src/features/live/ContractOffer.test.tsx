import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import type { ContractDto } from '@khela/api/agent';
import { emitLiveEvent, loginStateAtom, loginStateFor, sessionStore, setToken } from '@khela/session';
import ContractOffer from './ContractOffer';

const offer: ContractDto = {
  id: 5,
  kind: 'REALTIME',
  uplineAccount: 'topagent',
  downlineAccount: 'subagent',
  rateBp: 150,
  minActiveMembers: 2,
  minValidBet: '0',
  period: 'D',
  status: 'OFFERED',
  offeredAt: '2026-05-01T10:00:00.000Z',
  acceptedAt: null,
  endedAt: null,
  endReason: null,
  mine: true,
};
const envelope = (v: unknown, status = 200, errorCode?: string) => ({
  ok: status < 400,
  status,
  json: async () =>
    errorCode ? { success: false, errorCode, message: errorCode, value: null } : { success: true, message: 'OK', value: v },
});
let calls: { url: string; method: string; body: unknown }[] = [];
let refuse: string | null = null;

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  setToken('t'.repeat(43));
  sessionStore.set(loginStateAtom, loginStateFor({ id: 9, account: 'subagent', nickname: 'Sub', type: 1 } as never));
  calls = [];
  refuse = null;
  global.fetch = jest.fn(async (url: URL | string, init?: RequestInit) => {
    const u = new URL(String(url));
    calls.push({
      url: u.pathname + u.search,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (u.pathname === '/wps/agent/contracts') return envelope({ list: [{ ...offer, id: 4, status: 'ACTIVE' }, offer] });
    if (refuse) return envelope(null, 409, refuse);
    return envelope({ ...offer, status: 'ACTIVE' });
  }) as jest.Mock;
});

const mount = () =>
  render(
    <Provider store={sessionStore}>
      <ContractOffer />
    </Provider>,
  );
const offerArrives = async (status: ContractDto['status'] = 'OFFERED', id = 5) => {
  await act(async () => {
    emitLiveEvent('contract', { id, kind: 'REALTIME', status });
    await Promise.resolve();
  });
};

describe('ContractOffer', () => {
  it('shows an offer the live event announces, and accepts it through the kind’s MCSFE call', async () => {
    mount();
    expect(screen.queryByTestId('contract-offer-modal')).toBeNull();
    await offerArrives();
    expect(await screen.findByTestId('contract-offer-modal')).toBeTruthy();
    expect(screen.getByTestId('contract-offer-from').textContent).toBe('topagent offers you a contract.');
    expect(screen.getByTestId('contract-offer-kind').textContent).toBe('Real-time salary');
    expect(screen.getByTestId('contract-offer-rate').textContent).toBe('1.50 %');
    expect(calls[0]).toMatchObject({ url: '/wps/agent/contracts?kind=REALTIME', method: 'GET' });
    fireEvent.click(screen.getByTestId('contract-offer-accept'));
    expect((await screen.findByTestId('contract-offer-done')).textContent).toBe('Contract accepted.');
    expect(calls[1]).toEqual({
      url: '/wps/relay/MCSFE_processRealTimeSalaryContract',
      method: 'POST',
      body: { id: 5, action: 'ACCEPT' },
    });
    fireEvent.click(screen.getByTestId('contract-offer-ok'));
    expect(screen.queryByTestId('contract-offer-modal')).toBeNull();
  });

  it('rejects, and shows a refusal translated (Bengali)', async () => {
    await i18n.changeLanguage('bn');
    refuse = 'CONTRACT_STATE';
    mount();
    await offerArrives();
    fireEvent.click(await screen.findByTestId('contract-offer-reject'));
    expect((await screen.findByTestId('contract-offer-error')).textContent).toBe(
      'এই চুক্তির উত্তর ইতিমধ্যে দেওয়া হয়েছে বা এটি প্রত্যাহার করা হয়েছে।',
    );
    expect(calls[1]).toMatchObject({ method: 'POST', body: { id: 5, action: 'REJECT' } });
    expect(screen.getByTestId('contract-offer-modal')).toBeTruthy();
  });

  it('closes when the upline withdraws the offer, and ignores contracts that are not offers to the member', async () => {
    mount();
    await offerArrives();
    await screen.findByTestId('contract-offer-modal');
    await offerArrives('TERMINATED');
    expect(screen.queryByTestId('contract-offer-modal')).toBeNull();
    await offerArrives('OFFERED', 4); // the listed contract 4 is active, not an offer
    await waitFor(() => expect(calls.length).toBe(2));
    expect(screen.queryByTestId('contract-offer-modal')).toBeNull();
  });

  it('is nothing for a player', async () => {
    sessionStore.set(loginStateAtom, loginStateFor({ id: 10, account: 'ply', nickname: 'P', type: 0 } as never));
    mount();
    await offerArrives();
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('contract-offer-modal')).toBeNull();
  });
});
