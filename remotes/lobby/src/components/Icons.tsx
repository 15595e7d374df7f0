import { ICONS, type IconShape } from './icon-paths';

/** The few icons the lobby draws (inline SVG, no icon library). */
const svg = ({ d, filled }: IconShape) =>
  function Icon({ className }: { className?: string }) {
    return (
      <svg className={className} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          d={d}
          fill={filled ? 'currentColor' : 'none'}
          stroke={filled ? 'none' : 'currentColor'}
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    );
  };

export const HeartIcon = svg(ICONS.heart);
export const HeartOutlineIcon = svg(ICONS.heartOutline);
export const FlameIcon = svg(ICONS.flame);
export const PlayIcon = svg(ICONS.play);
export const SearchIcon = svg(ICONS.search);
export const ChevronLeftIcon = svg(ICONS.chevronLeft);
export const ChevronRightIcon = svg(ICONS.chevronRight);
export const StarIcon = svg(ICONS.star);
export const GridIcon = svg(ICONS.grid);
export const ClockIcon = svg(ICONS.clock);
export const TrophyIcon = svg(ICONS.trophy);
export const MegaphoneIcon = svg(ICONS.megaphone);
