import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

/**
 * Renders the app into the page's root, in an interruptible render: React yields to the browser
 * every few milliseconds instead of holding the main thread for the whole page (the frame painted
 * from the HTML stays until then). A module of its own so that react-dom and the app's modules are
 * evaluated in a task apart from the bootstrap's (see bootstrap.tsx).
 */
export function mount(el: HTMLElement): void {
  const root = createRoot(el);
  startTransition(() => root.render(<App />));
}
