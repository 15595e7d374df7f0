import { act, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { pageLoaderAtom, sessionStore, sideMenuOpenAtom } from '@khela/session';
import { NavigationEffects } from './NavigationEffects';

let go: (to: string) => void = () => undefined;
function Navigator() {
  go = useNavigate();
  return null;
}

describe('NavigationEffects', () => {
  it('closes the side menu and hides the loader when a game list or a game page loads', () => {
    window.scrollTo = jest.fn();
    render(
      <Provider store={sessionStore}>
        <MemoryRouter initialEntries={['/']}>
          <Navigator />
          <NavigationEffects />
        </MemoryRouter>
      </Provider>,
    );
    for (const to of ['/rng', '/play/KHELA_CRASH', '/fish?vendor=X']) {
      act(() => {
        sessionStore.set(sideMenuOpenAtom, true);
        sessionStore.set(pageLoaderAtom, true);
      });
      act(() => go(to));
      expect(sessionStore.get(sideMenuOpenAtom)).toBe(false);
      expect(sessionStore.get(pageLoaderAtom)).toBe(false);
    }
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
