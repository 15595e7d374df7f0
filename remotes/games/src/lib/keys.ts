import { useEffect, useRef } from 'react';

export interface PlayKeys {
  /** Space or Enter */
  play: () => void;
  /** ArrowUp (+1) / ArrowDown (-1) */
  stake: (delta: 1 | -1) => void;
  /** ArrowRight (+1) / ArrowLeft (-1); without it, left and right change the stake too */
  target?: (delta: 1 | -1) => void;
}

/** Elements that own their keys: typing in a field or pressing a focused button never plays a round. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [role="spinbutton"], [role="slider"], [contenteditable="true"]';

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
      if (target && typeof target.closest === 'function' && target.closest(OWN_KEYS)) return;
      if (target && typeof target.closest === 'function' && target.closest('[role="dialog"]')) return;
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
