import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { pageItems } from '../lib/pagination';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';

/** Shown only with more than one page: 2 margin pages and a range of 5. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="lobby-pages" aria-label={t('pages.label')} data-testid="pagination">
      <button
        type="button"
        className="lobby-page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pages.previous')}
      >
        <ChevronLeftIcon />
      </button>
      {pageItems(page, totalPages).map((item, i) =>
        item === 'break' ? (
          <span key={`b${i}`} className="lobby-page lobby-page--break" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? 'lobby-page lobby-page--on' : 'lobby-page'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pages.page', { page: item })}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="lobby-page"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pages.next')}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
