import { Suspense, use } from 'react';
import { act, render, screen } from '@testing-library/react';
import { dataKey } from '@khela/api';
import { configureApi, inlineForTests } from '@khela/api-client';
import { FIRST_REQUESTS } from '@khela/api/first-data';
import { firstData, settleFirstData } from '../lib/api';
import { useAsync } from './useAsync';

const ok = (value: unknown) => ({ success: true, message: 'OK', value });
const listReq = FIRST_REQUESTS.gameList('EN', { gameType: 'RNG' });

const inline = (answers: Record<string, unknown>) => inlineForTests({ lang: 'EN', answers });

/** A list that shows the page's first data; a child suspends once (its strings load) on the first try. */
function List({ strings }: { strings: Promise<void> }) {
  const r = useAsync(
    async () => ({ total: -1 }),
    [],
    true,
    () => firstData.gameList('EN', { gameType: 'RNG' }) as { total: number } | undefined,
  );
  return (
    <p>
      {r.data ? `total ${r.data.total}` : 'loading'}
      <Strings strings={strings} />
    </p>
  );
}
function Strings({ strings }: { strings: Promise<void> }) {
  use(strings);
  return null;
}

describe('useAsync with the page’s first data', () => {
  let fetchFn: jest.Mock;
  beforeEach(() => {
    settleFirstData();
    configureApi({ getLanguage: () => 'EN' });
    fetchFn = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ok({ total: 99 }) });
    (globalThis as { fetch: unknown }).fetch = fetchFn;
  });

  it('keeps the inlined answer when the first render is thrown away by a suspending child', async () => {
    inline({ [dataKey('EN', listReq.path, listReq.query)]: ok({ total: 7 }) });
    let loaded!: () => void;
    const strings = new Promise<void>((resolve) => (loaded = resolve));
    await act(async () => {
      render(
        <Suspense fallback={<p>strings</p>}>
          <List strings={strings} />
        </Suspense>,
      );
    });
    expect(screen.getByText('strings')).toBeInTheDocument();
    await act(async () => loaded());
    expect(await screen.findByText('total 7')).toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('asks the API on a later mount, once the first data was shown', async () => {
    inline({ [dataKey('EN', listReq.path, listReq.query)]: ok({ total: 7 }) });
    let first!: ReturnType<typeof render>;
    await act(async () => {
      first = render(
        <Suspense fallback={<p>strings</p>}>
          <List strings={Promise.resolve()} />
        </Suspense>,
      );
    });
    expect(await screen.findByText('total 7')).toBeInTheDocument();
    first.unmount();
    expect(firstData.gameList('EN', { gameType: 'RNG' })).toBeUndefined();
  });
});
