import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import type { Announcement } from '@khela/api';
import * as content from '../lib/content';
import HelpCentre from './HelpCentre';
import NoticeCentre from './NoticeCentre';
import NoticeContent from './NoticeContent';

jest.mock('../lib/content', () => ({
  ...jest.requireActual('../lib/content'),
  fetchHelp: jest.fn(),
  fetchNotices: jest.fn(),
}));
const mocked = content as jest.Mocked<typeof content>;

const notice = (id: number): Announcement => ({
  id,
  type: 'PL',
  title: `Notice ${id}`,
  content: `<p>Body of <strong>${id}</strong></p>`,
  promotionType: null,
  execution: null,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const renderAt = (path: string, ui: React.ReactElement) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n();
  await act(() => i18n.changeLanguage('en'));
});
beforeEach(() => jest.resetAllMocks());

describe('help centre', () => {
  it('shows the server articles as sections with anchors, in the page language, and scrolls to #term', async () => {
    const scroll = jest.fn();
    Element.prototype.scrollIntoView = scroll;
    mocked.fetchHelp.mockResolvedValue({
      lang: 'EN',
      device: 'WEB',
      articles: [
        { id: 1, section: 'faq', title: 'Questions', content: '<p>Answers</p>' },
        { id: 2, section: 'term', title: 'Terms and conditions', content: '<ol><li>18+</li></ol>' },
      ],
    });
    renderAt('/helpmc', <HelpCentre anchor="term" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(document.getElementById('help-term')!.querySelector('li')!.textContent).toBe('18+');
    expect(mocked.fetchHelp.mock.calls[0][0]).toBe('EN');
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('help-term'));
  });

  it('an empty centre and a failure each say so; retry asks again', async () => {
    mocked.fetchHelp
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ lang: 'EN', device: 'WEB', articles: [] });
    renderAt('/helpmc', <HelpCentre />);
    expect(await screen.findByText('We could not load this. Check your connection and try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText(/no articles yet/)).toBeInTheDocument();
    expect(mocked.fetchHelp).toHaveBeenCalledTimes(2);
  });
});

describe('news centre', () => {
  it('9 titles a page, the first shown on the right; choosing one shows it and keeps it in the address', async () => {
    mocked.fetchNotices.mockResolvedValue(Array.from({ length: 11 }, (_, i) => notice(i + 1)));
    renderAt('/notice', <NoticeCentre />);
    await screen.findByTestId('notice-list');
    expect(screen.getAllByTestId('notice-title')).toHaveLength(9);
    expect(screen.getByTestId('notice-detail')).toHaveTextContent('Body of 1');
    expect(screen.getByTestId('notice-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByText('Notice 4'));
    expect(screen.getByTestId('notice-detail')).toHaveTextContent('Body of 4');
    expect(screen.getByTestId('where')).toHaveTextContent('/notice?id=4');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getAllByTestId('notice-title').map((b) => b.textContent)).toEqual(['Notice 10', 'Notice 11']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('no notices: the empty state', async () => {
    mocked.fetchNotices.mockResolvedValue([]);
    renderAt('/notice', <NoticeCentre />);
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it('/noticecontent?id= shows that notice; an unknown one says it is gone', async () => {
    mocked.fetchNotices.mockResolvedValue([notice(5)]);
    const { unmount } = renderAt('/noticecontent?id=5', <NoticeContent />);
    expect(await screen.findByRole('heading', { name: 'Notice 5' })).toBeInTheDocument();
    unmount();
    renderAt('/noticecontent?id=6', <NoticeContent />);
    expect(await screen.findByText('This news item is no longer available.')).toBeInTheDocument();
  });
});
