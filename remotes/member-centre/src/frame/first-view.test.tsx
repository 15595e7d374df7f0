import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { type PermissionInfo } from '@khela/api';
import type { FirstViewInput } from '@khela/api/first-data';
import { ApiError, apiRequest } from '@khela/api-client';
import { domShape, parseHtml } from '@khela/ui/testing';
import { balanceAtom, loginStateAtom, loginStateFor, permissionAtom, sessionStore } from '@khela/session';
import MemberCentre from '../exposed/MemberCentre';
import { DEFAULT_PAGE, MEMBER_PAGES, PAGE_FLAGS, type MemberPage } from '../menu';
import { bn } from '../locales/bn';
import { en } from '../locales/en';
import { memberFirstView, render as drawFirstView } from './first-view';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(() => {
  api.mockReset();
  api.mockImplementation((path: string) => {
    // the summary has not arrived yet: the frame as it first renders
    if (path === '/wps/member/summary') return new Promise<never>(() => undefined);
    if (path === '/wps/relay/CSP_unreadCount') return Promise.resolve({ mission: 0, message: 0, reward: 0 } as never);
    return Promise.reject(new ApiError('NOT_FOUND', path, 404));
  });
  sessionStore.set(loginStateAtom, loginStateFor({ id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 }));
  sessionStore.set(balanceAtom, null);
  // every flag on: the first view carries the flagged items (the origin drops those switched off)
  sessionStore.set(permissionAtom, {
    whitelabel: [{ modId: 'AGENT3', enabled: true, childrenNodes: [{ modId: 'REFERRAL3', enabled: true, childrenNodes: [] }] }],
  } as unknown as PermissionInfo);
});

/**
 * What a frame looks like to a player and to the layout: not the account lines' text (the member's
 * own, once loaded), nor what the opened page draws below its heading.
 */
const shape = (root: Element) =>
  domShape(root, {
    attrs: ['role', 'href', 'aria-current', 'aria-label'],
    text: (el) => !(el.closest('.member-top') && el.tagName === 'P'),
    // the opened page's section: its heading only (the page itself, or its loading state, follows)
    children: (el) => (el.tagName === 'H2' ? [] : el.tagName === 'SECTION' ? [...el.children].slice(0, 1) : [...el.children]),
  });
const parse = parseHtml;

async function rendered(path: string, lang: 'bn' | 'en') {
  await act(() => i18n.changeLanguage(lang));
  const view = render(
    <Provider store={sessionStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/member/*" element={<MemberCentre />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return view;
}

describe("the member centre's first view (drawn by the origin before any script runs)", () => {
  it.each([
    ['/member/securityCenter', 'securityCenter', 'en'],
    ['/member/withdraw', 'withdraw', 'bn'],
    ['/member/rewardCenter', 'rewardCenter', 'en'],
  ] as const)('is the frame the centre renders first: %s in %s', async (path, page, lang) => {
    const { container } = await rendered(path, lang);
    const drawn = parse(memberFirstView(page, lang === 'bn' ? bn : en));
    expect(shape(drawn)).toEqual(shape(container.querySelector('.member')!));
    // the same account and balance lines, before the member's own values arrive
    expect(drawn.querySelector('.member-account')?.textContent).toBe(lang === 'bn' ? 'অ্যাকাউন্ট: ' : 'Account: ');
    expect(drawn.querySelector('.member-balance')?.textContent).toBe(`${lang === 'bn' ? bn.balance : en.balance}: …`);
  });

  const input = (path: string, more: Partial<FirstViewInput> = {}): FirstViewInput => ({
    path,
    search: '?login=x',
    lang: 'BN',
    answers: {},
    loginLink: true,
    ...more,
  });
  const referralOn = [{ modId: 'REFERRAL3', enabled: true, childrenNodes: [] }];

  it('draws /member (its default page) and every page, in both languages, only from a login link', () => {
    expect(drawFirstView(input('/member'))).toBe(drawFirstView(input(`/member/${DEFAULT_PAGE}`)));
    for (const page of MEMBER_PAGES) {
      expect(parse(drawFirstView(input(`/member/${page}/`))!).querySelector('h2')?.textContent).toBe(bn.pages[page]);
      const english = parse(drawFirstView(input(`/member/${page}`, { lang: 'EN', whitelabel: referralOn }))!);
      expect(english.querySelector('[aria-current=page]')?.getAttribute('href')).toBe(`/member/${page}`);
      expect(english.querySelector('h1')?.textContent).toBe(en.title);
    }
    expect(drawFirstView(input('/member/nothing'))).toBeNull();
    expect(drawFirstView(input('/memberships'))).toBeNull();
    expect(drawFirstView(input('/member', { loginLink: false, search: '' }))).toBeNull();
  });

  it('leaves out the items of flags the operator switched off (all of them when the flags are unknown)', () => {
    const flagged = Object.keys(PAGE_FLAGS) as MemberPage[];
    const links = (html: string | null) => [...parse(html!).querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const page of flagged) {
      expect(links(drawFirstView(input('/member', { whitelabel: referralOn })))).toContain(`/member/${page}`);
      expect(links(drawFirstView(input('/member', { whitelabel: [] })))).not.toContain(`/member/${page}`);
      expect(links(drawFirstView(input('/member')))).not.toContain(`/member/${page}`);
    }
  });

  it('escapes what it writes', () => {
    const html = memberFirstView(DEFAULT_PAGE, { ...en, title: '<b>"x"</b>' });
    expect(parse(html).querySelector('h1')?.textContent).toBe('<b>"x"</b>');
    expect(parse(html).querySelector('nav')?.getAttribute('aria-label')).toBe('<b>"x"</b>');
  });
});
