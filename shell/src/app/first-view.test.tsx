import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AreaLoading, captureFirstView, HomeLoading, resetFirstViewForTests } from './first-view';

afterEach(() => {
  resetFirstViewForTests();
  window.history.replaceState({}, '', '/');
});

const frame = (inner: string) => {
  const root = document.createElement('div');
  root.innerHTML = `<div class="k-boot"><div class="k-boot__main">${inner}</div></div>`;
  return root;
};

describe('the home while the lobby loads', () => {
  it('keeps the banner the origin drew into the first frame: same image, same box', () => {
    captureFirstView(
      frame(
        '<div class="k-first-view"><div class="k-first-banner" data-first-view="banner"><img src="/art/home.svg" width="1200" height="400"></div></div>',
      ),
    );
    const { container } = render(<HomeLoading />);
    expect(screen.getByTestId('first-banner')).toHaveClass('k-first-banner');
    expect(container.querySelector('.k-first-view > .k-first-banner > img')).toHaveAttribute('src', '/art/home.svg');
  });

  it('shows the loading state when the page came without a banner', () => {
    captureFirstView(frame('<span class="k-spinner"></span>'));
    render(<HomeLoading />);
    expect(screen.queryByTestId('first-banner')).toBeNull();
  });
});

describe("a members' area while the session is read and the area loads", () => {
  const drawn = '<div class="member" data-first-view="area"><h2>নিরাপত্তা কেন্দ্র</h2></div>';

  it('keeps the first view the origin drew: the same elements, moved into the app', () => {
    window.history.replaceState({}, '', '/member');
    const frame1 = frame(drawn);
    const node = frame1.querySelector('[data-first-view="area"]');
    captureFirstView(frame1);
    render(
      <MemoryRouter initialEntries={['/member']}>
        <AreaLoading />
      </MemoryRouter>,
    );
    const hold = screen.getByTestId('first-view-area');
    expect(hold.firstElementChild).toBe(node); // not drawn again: the painted element itself
    expect(hold).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('নিরাপত্তা কেন্দ্র');
  });

  it('is spent once the area has taken its place: a later load of the area shows the loading state', async () => {
    window.history.replaceState({}, '', '/rng');
    captureFirstView(frame('<div data-first-view="area"><div class="lobby-root"></div></div>'));
    const hold = (show: boolean) => (
      <MemoryRouter initialEntries={['/rng']}>{show ? <AreaLoading /> : <p>the list</p>}</MemoryRouter>
    );
    const { rerender } = render(hold(true));
    // a second hold in the same place (the session's, then the area's) takes the same view
    rerender(
      <MemoryRouter initialEntries={['/rng']}>
        <section>
          <AreaLoading />
        </section>
      </MemoryRouter>,
    );
    await Promise.resolve();
    expect(screen.getByTestId('first-view-area').firstElementChild).toHaveAttribute('data-first-view', 'area');
    rerender(hold(false)); // the area rendered in its place
    await Promise.resolve();
    rerender(hold(true)); // the area loads again later (a new release, another language)
    expect(screen.queryByTestId('first-view-area')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the loading state on another address, or when the page came without a view', () => {
    window.history.replaceState({}, '', '/member');
    captureFirstView(frame(drawn));
    const { unmount } = render(
      <MemoryRouter initialEntries={['/member/withdraw']}>
        <AreaLoading />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('first-view-area')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    unmount();

    captureFirstView(frame('<span class="k-spinner"></span>'));
    render(
      <MemoryRouter initialEntries={['/member']}>
        <AreaLoading />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('first-view-area')).toBeNull();
  });
});
