import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is on the screen. What moves by itself (the notice
 * marquee, the winners board) stops while it is off the screen: a mid-range phone draws its frames
 * on the main thread (the masks keep them off the compositor), about a fifth of a core for nothing
 * while the player is further down the lobby. On screen until the observer says otherwise.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setOnScreen(entries[entries.length - 1].isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return onScreen;
}
