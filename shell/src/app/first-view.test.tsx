import { render, screen } from '@testing-library/react';
import { captureFirstView, HomeLoading, resetFirstViewForTests } from './first-view';

afterEach(() => resetFirstViewForTests());

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
