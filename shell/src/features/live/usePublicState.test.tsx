import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import { loginStateAtom, loginStateFor, publicStateAtom, sessionPhaseAtom, sessionStore, setToken } from '@khela/session';
import { usePublicState } from './usePublicState';

const envelope = (v: unknown) => ({ ok: true, status: 200, json: async () => ({ success: true, message: 'OK', value: v }) });
let asked: string[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  asked = [];
  setToken('t'.repeat(43));
  sessionStore.set(sessionPhaseAtom, 'ready');
  sessionStore.set(loginStateAtom, loginStateFor({ id: 9, account: 'rahim', nickname: 'Rahim', type: 0 } as never));
  global.fetch = jest.fn(async (url: URL | string) => {
    const path = new URL(String(url), 'http://x').pathname;
    asked.push(path);
    if (path.endsWith('/summary')) return envelope({ hasVip: true, vipLabelName: 'Gold', vipRankLevel: 2 });
    if (path.endsWith('/CSP_unreadCount')) return envelope({ message: 3 });
    return envelope({ available: 4, promotions: [] });
  }) as jest.Mock;
});
afterEach(() => jest.useRealTimers());

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={sessionStore}>{children}</Provider>;

it("reads the VIP label and unread count at once, and the promotions' count once the first view is there", async () => {
  renderHook(() => usePublicState(), { wrapper });
  await act(async () => undefined);
  expect(asked.some((p) => p.endsWith('/summary'))).toBe(true);
  expect(asked.some((p) => p.endsWith('/CSP_unreadCount'))).toBe(true);
  expect(asked.some((p) => p.includes('PromotionList'))).toBe(false);
  expect(sessionStore.get(publicStateAtom)).toMatchObject({ vipLabelName: 'Gold', unreadMessage: 3, availablePromoCount: 0 });
  // the loaded page's idle moment (a timer in jsdom)
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  expect(asked.filter((p) => p.includes('PromotionList'))).toHaveLength(1);
  expect(sessionStore.get(publicStateAtom).availablePromoCount).toBe(4);
});
