import { Suspense, createElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { DEFAULT_PAGE, lazyPage, openingPage } from './pages';

describe('openingPage', () => {
  it('names the page an address of the member centre opens: /member opens the default page', () => {
    expect(openingPage('/member')).toBe(DEFAULT_PAGE);
    expect(openingPage('/member/')).toBe(DEFAULT_PAGE);
    expect(openingPage('/member/withdraw')).toBe('withdraw');
    expect(openingPage('/member/transactionHistory/2')).toBe('transactionHistory');
  });

  it('names nothing for an unknown page or another route', () => {
    expect(openingPage('/member/nope')).toBeUndefined();
    expect(openingPage('/members')).toBeUndefined();
    expect(openingPage('/rng')).toBeUndefined();
    expect(openingPage('/agentHome/member/withdraw')).toBeUndefined();
  });
});

describe('lazyPage', () => {
  const Page = () => null;

  it("preload fetches the page's chunk once: the page's render uses the same load", async () => {
    const load = jest.fn(async () => ({ default: Page }));
    const page = lazyPage(load);
    page.preload();
    page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is no verdict: the next ask fetches again', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Page }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Page });
    const page = lazyPage(load);
    page.preload();
    await Promise.resolve();
    await Promise.resolve();
    page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a page whose chunk has arrived renders in its first render, without its loading state', async () => {
    const Heading = () => createElement('h3', null, 'security');
    const page = lazyPage(async () => ({ default: Heading }));
    page.preload();
    await act(async () => undefined);
    render(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(page)));
    expect(screen.getByRole('heading', { name: 'security' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});
