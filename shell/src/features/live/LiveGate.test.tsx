import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { GUEST, loginStateAtom, sessionStore, setToken } from '@khela/session';
import { HeaderAccount } from './LiveGate';
import { memberChunk, resetMemberChunkForTests } from './member-chunk';

const member = { ...GUEST, isLogin: true, isTrial: false, member: { id: 7, account: 'neela', nickname: 'Neela' } } as never;

const renderAccount = () =>
  render(
    <Provider store={sessionStore}>
      <MemoryRouter>
        <Suspense fallback={<span data-testid="account-pending" />}>
          <HeaderAccount />
        </Suspense>
      </MemoryRouter>
    </Provider>,
  );

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetMemberChunkForTests();
  setToken('t'.repeat(43));
  sessionStore.set(loginStateAtom, member);
  global.fetch = jest.fn(() => new Promise(() => undefined)) as jest.Mock; // the header's reads stay pending
});

test('the chunk fetched while the member was read: the account area renders at once, without suspending (the login render waits for nothing)', async () => {
  await memberChunk();
  renderAccount();
  expect(screen.queryByTestId('account-pending')).toBeNull();
  expect(screen.getByTestId('header-balance')).toBeTruthy();
});

test('the chunk not there yet: the area keeps its room (the fallback) until it arrives', async () => {
  renderAccount();
  expect(screen.getByTestId('account-pending')).toBeTruthy();
  await act(() => memberChunk());
  expect(await screen.findByTestId('header-balance')).toBeTruthy();
  expect(screen.queryByTestId('account-pending')).toBeNull();
});

test('one fetch per page: every caller shares it', async () => {
  const first = memberChunk();
  await expect(first).resolves.toBeDefined();
  expect(memberChunk()).toBe(first); // one fetch per page
});
