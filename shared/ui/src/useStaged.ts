import { startTransition, useEffect, useState } from 'react';

/** A part below the fold is drawn within this time even when the main thread is never idle. */
export const STAGE_TIMEOUT_MS = 500;

/**
 * How many of a page's parts below the fold are drawn: none in the first render, so the first paint
 * waits only on what is on screen; the first once that paint is done, then one more after each
 * commit, in an interruptible render when the main thread is idle. One part per step keeps every
 * commit (and the style and layout after it) short on a slow phone, instead of one long task for the
 * whole page, and what a part asks the API for goes out after the first paint. Added below everything
 * painted, they move nothing on screen.
 */
export function useStaged(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    const next = () => startTransition(() => setCount((n) => n + 1));
    if (count === 0) {
      // the first one once the page has painted
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => (timer = setTimeout(next)));
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(next, { timeout: STAGE_TIMEOUT_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(next);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}
