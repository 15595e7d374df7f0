import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '@khela/api';
import { NS } from '../../i18n';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '../../components/Icons';
import { LazyImage } from '../../components/LazyImage';

/** ALL, the vendors' logos, and a search by vendor name. */
export function VendorCarousel({
  vendors,
  selected,
  onSelect,
}: {
  vendors: VendorItem[];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation(NS);
  const track = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? vendors.filter((v) => v.displayName.toLowerCase().includes(needle) || v.code.toLowerCase().includes(needle))
    : vendors;
  const scroll = (dir: number) => track.current?.scrollBy({ left: dir * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className="lobby-vendorbar" data-testid="vendor-carousel">
      <label className="lobby-search lobby-search--small">
        <SearchIcon />
        <input
          type="search"
          value={query}
          placeholder={t('vendorSearch')}
          aria-label={t('vendorSearch')}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="vendor-search"
        />
      </label>
      <div className="lobby-vendorbar__row">
        <button type="button" className="lobby-arrow" aria-label={t('scrollLeft')} onClick={() => scroll(-1)}>
          <ChevronLeftIcon />
        </button>
        <div className="lobby-vendorbar__track" ref={track} role="listbox" aria-label={t('vendors')}>
          <button
            type="button"
            role="option"
            aria-selected={selected === 'ALL'}
            className="lobby-chip lobby-chip--all"
            onClick={() => onSelect('ALL')}
            data-testid="vendor-ALL"
          >
            {t('filters.ALL')}
          </button>
          {shown.map((v) => (
            <button
              key={v.code}
              type="button"
              role="option"
              aria-selected={selected === v.code}
              className="lobby-chip"
              title={v.displayName}
              onClick={() => onSelect(v.code)}
              data-testid={`vendor-${v.code}`}
            >
              <LazyImage src={v.lagerIcon} alt={v.displayName} />
            </button>
          ))}
          {!shown.length ? <span className="lobby-muted">{t('noVendors')}</span> : null}
        </div>
        <button type="button" className="lobby-arrow" aria-label={t('scrollRight')} onClick={() => scroll(1)}>
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
