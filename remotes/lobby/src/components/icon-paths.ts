// The lobby's icons as data: drawn by Icons.tsx in the app, and by the first view (first-view.ts)
// the origin puts into the page before any script runs.

export interface IconShape {
  d: string;
  /** filled with the text's colour, else stroked */
  filled: boolean;
}

const HEART =
  'M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 4.1 4.4 7.4C19.5 16.4 12 21 12 21z';

export const ICONS = {
  heart: { d: HEART, filled: true },
  heartOutline: { d: HEART, filled: false },
  flame: { d: 'M12 2s5 4.5 5 10a5 5 0 0 1-10 0c0-2.4 1.2-4.2 2.4-5.4.2 1.8 1 3 2.3 3.6C11 7.6 12 2 12 2z', filled: true },
  play: { d: 'M8 5v14l11-7z', filled: true },
  search: { d: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zm5 11.5L20 20', filled: false },
  chevronLeft: { d: 'M15 5l-7 7 7 7', filled: false },
  chevronRight: { d: 'M9 5l7 7-7 7', filled: false },
  star: { d: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z', filled: true },
  grid: { d: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z', filled: true },
  clock: { d: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 4v5l3 2', filled: false },
  trophy: {
    d: 'M7 4h10v3a5 5 0 0 1-10 0zM5 5H3v2a4 4 0 0 0 4 4M19 5h2v2a4 4 0 0 1-4 4M12 12v4m-4 4h8l-1-4H9z',
    filled: false,
  },
  megaphone: { d: 'M3 10v4h3l6 4V6L6 10zm12-2a4 4 0 0 1 0 8', filled: false },
} satisfies Record<string, IconShape>;
