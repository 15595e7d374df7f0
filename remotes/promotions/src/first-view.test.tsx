import { act, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dataKey } from '@khela/api';
import { FIRST_REQUESTS, type FirstViewInput } from '@khela/api/first-data';
import { apiRequest, inlineForTests } from '@khela/api-client';
import { initI18n, i18n } from '@khela/i18n';
import { domShape, parseHtml } from '@khela/ui/testing';
import PromotionsPage from './exposed/PromotionsPage';
import { render as drawFirstView } from './first-view';
import { promotionCard as card } from './testing/cards';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

// every state a card can show, a title to escape, a period with an end
const list = {
  list: [
    card(1, { title: 'বোনাস & <more>', endsAt: '2026-12-31T17:59:59.000Z' }),
    card(2, { category: 'slots', state: 'comingSoon', startsAt: '2026-12-24T00:00:00.000Z' }),
    card(3, { category: 'newbie', state: 'close', reason: 'NOT_NEW_MEMBER' }),
    card(4, { state: 'close', reason: 'SOMETHING_NEW' }),
    card(5, { state: 'close' }),
    card(6, { category: 'rebate', kind: 'REBATE', state: 'process' }),
    card(7, { state: 'claim', stage: 'JOINED' }),
    card(8, { state: 'claim', stage: 'ISSUED' }),
    card(9, { state: 'claimed' }),
    card(10, { category: 'others', kind: 'INFO', state: null }),
  ],
  available: 0,
};

const answers = (lang: 'BN' | 'EN', value: unknown = list) => {
  const r = FIRST_REQUESTS.promotions(lang);
  return { [dataKey(lang, r.path, r.query)]: JSON.stringify({ success: true, value }) };
};
const input = (lang: 'BN' | 'EN' = 'BN', more: Partial<FirstViewInput> = {}): FirstViewInput => ({
  path: '/promotions',
  search: '',
  lang,
  answers: answers(lang),
  loginLink: false,
  ...more,
});

const shape = (root: Element) => domShape(root, { attrs: ['role', 'href', 'type', 'aria-selected', 'disabled'] });

beforeAll(() => initI18n('BN'));
beforeEach(() => {
  api.mockReset();
  api.mockImplementation(() => new Promise<never>(() => undefined));
});
afterEach(() => inlineForTests(null));

describe("the promotions' first view (drawn by the origin before any script runs)", () => {
  it.each(['BN', 'EN'] as const)('is what PromotionsPage renders first from the same data, in %s', async (lang) => {
    await act(() => i18n.changeLanguage(lang.toLowerCase()));
    inlineForTests({ lang, answers: { [Object.keys(answers(lang))[0]!]: { success: true, value: list } } });
    const { container } = render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/promotions']}>
          <Routes>
            <Route path="*" element={<PromotionsPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    // at once, from the page's data: no loading state, no request
    expect(screen.getByTestId('promo-card-P1')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    expect(shape(parseHtml(drawFirstView(input(lang))!))).toEqual(shape(container.querySelector('.promo')!));
  });

  it('draws nothing for a promotion’s page, a member’s link, or without the list', () => {
    expect(drawFirstView(input('BN', { search: '?id=3' }))).toBeNull();
    expect(drawFirstView(input('BN', { loginLink: true }))).toBeNull();
    expect(drawFirstView(input('BN', { answers: {} }))).toBeNull();
    expect(drawFirstView(input('BN', { answers: answers('BN', { list: [], available: 0 }) }))).toBeNull();
    expect(drawFirstView(input('BN', { path: '/notice' }))).toBeNull();
  });

  it('escapes what it writes', () => {
    const drawn = parseHtml(drawFirstView(input('EN'))!);
    expect(drawn.querySelector('h2')?.textContent).toBe('বোনাস & <more>');
  });
});
