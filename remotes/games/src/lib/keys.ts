import { useEffect, useRef } from 'react';

export interface PlayKeys {
  /** Space or Enter */
  play: () => void;
  /** ArrowUp (+1) / ArrowDown (-1) */
  stake: (delta: 1 | -1) => void;
  /** ArrowRight (+1) / ArrowLeft (-1); without it, left and right change the stake too */
  target?: (delta: 1 | -1) => void;
}

/** Controls that own the arrows and Space (typing, moving a slider, choosing a radio, pressing a button). */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [role="spinbutton"], [role="slider"], [contenteditable="true"]';
/**
 * Controls that own Enter too. A radio or a slider does nothing with Enter, so Enter there plays
 * (pick Bahar, press Enter), as a form's Enter submits it.
 */
const OWN_ENTER =
  'input:not([type="radio"]):not([type="range"]), textarea, select, button, a[href], summary, [role="spinbutton"], [contenteditable="true"]';

/**
 * The game's keyboard: Space or Enter plays, arrows change the stake (and the dice target), while
 * the focus is on the page itself or on the game's stage rather than on a control.
 */
export function usePlayKeys(keys: PlayKeys, enabled = true): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.repeat && (e.key === ' ' || e.key === 'Enter')) return; // one round per press
      const target = e.target as Element | null;
      const within = (selector: string) => !!target && typeof target.closest === 'function' && !!target.closest(selector);
      if (within(e.key === 'Enter' ? OWN_ENTER : OWN_KEYS) || within('[role="dialog"]')) return;
      const k = ref.current;
      switch (e.key) {
        case ' ':
        case 'Enter':
          k.play();
          break;
        case 'ArrowUp':
          k.stake(1);
          break;
        case 'ArrowDown':
          k.stake(-1);
          break;
        case 'ArrowRight':
          if (k.target) k.target(1);
          else k.stake(1);
          break;
        case 'ArrowLeft':
          if (k.target) k.target(-1);
          else k.stake(-1);
          break;
        default:
          return;
      }
      e.preventDefault(); // Space and the arrows would scroll the page
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
