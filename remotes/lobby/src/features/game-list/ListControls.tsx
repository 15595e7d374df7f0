import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants';
import { useDebouncedEffect } from '../../hooks/useDebounced';
import { ClockIcon, FlameIcon, GridIcon, HeartIcon, SearchIcon, StarIcon } from '../../components/Icons';
import { LIST_TYPES, type ListType } from './gameListState';

const TAB_ICONS = { ALL: GridIcon, NEW: StarIcon, HOT: FlameIcon, FAV: HeartIcon, RECENT: ClockIcon };

/** The filter tabs: All, New, Hot, Favourites, Recent. */
export function FilterTabs({ active, onSelect }: { active: ListType; onSelect: (type: ListType) => void }) {
  const { t } = useTranslation(NS);
  return (
    <div className="lobby-tabs" role="tablist" aria-label={t('filters.label')}>
      {LIST_TYPES.map((type) => {
        const Icon = TAB_ICONS[type];
        return (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={active === type}
            className={active === type ? 'lobby-tab lobby-tab--active' : 'lobby-tab'}
            onClick={() => onSelect(type)}
            data-testid={`tab-${type}`}
          >
            <Icon />
            {t(`filters.${type}`)}
          </button>
        );
      })}
    </div>
  );
}

export interface ClassifyOption {
  key: string;
  displayName: string;
}

/** The classify menu: shown only with more than one entry (ALL counts as one). */
export function ClassifyMenu({
  options,
  active,
  onSelect,
}: {
  options: ClassifyOption[];
  active: string;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation(NS);
  if (options.length + 1 <= 1) return null; // ALL alone: no menu (Fish has only All)
  return (
    <div className="lobby-classify" role="group" aria-label={t('classify')} data-testid="classify-menu">
      {[{ key: 'ALL', displayName: t('filters.ALL') }, ...options].map((o) => (
        <button key={o.key} type="button" aria-pressed={active === o.key} onClick={() => onSelect(o.key)}>
          {o.displayName}
        </button>
      ))}
    </div>
  );
}

/** Search by game name: debounced 500 ms; it empties when the list type clears the search. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState(value);
  useEffect(() => {
    if (value === '') setText('');
  }, [value]);
  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, (v) => {
    if (v.trim() !== value) onSearch(v.trim());
  });
  return (
    <label className="lobby-search">
      <SearchIcon />
      <input
        type="search"
        value={text}
        maxLength={50}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        data-testid="game-search"
      />
    </label>
  );
}
