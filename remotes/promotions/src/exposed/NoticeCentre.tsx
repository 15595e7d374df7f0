import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { fetchNotices, langOf, NOTICES_PER_PAGE } from '../lib/content';
import { useLoad } from '../lib/useLoad';
import '../promotions.css';

/**
 * News centre (/notice, and the notice modal): the player notices, 9 titles a page on the left and
 * the chosen notice on the right (stacked on a phone). The choice is kept in the address (?id=) on
 * the page, so a notice can be linked to.
 */
export default function NoticeCentre({ inModal }: { inModal?: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const [load, retry] = useLoad(`notices:${lang}`, (signal) => fetchNotices(lang, signal));
  const [params, setParams] = useSearchParams();
  const [modalPick, setModalPick] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const picked = inModal ? modalPick : Number(params.get('id')) || null;
  const pick = (id: number) => (inModal ? setModalPick(id) : setParams({ id: String(id) }, { replace: true }));

  const notices = load.state === 'ok' ? load.value : [];
  const pages = Math.max(1, Math.ceil(notices.length / NOTICES_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = notices.slice(current * NOTICES_PER_PAGE, (current + 1) * NOTICES_PER_PAGE);
  const detail = notices.find((n) => n.id === picked) ?? shown[0];

  return (
    <div className="promo" data-testid="notice-centre" aria-busy={load.state === 'loading'}>
      {inModal ? null : <h1>{t('news')}</h1>}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? <ErrorState message={t('error')} onRetry={retry} /> : null}
      {load.state === 'ok' && notices.length === 0 ? <EmptyState>{t('noNews')}</EmptyState> : null}
      {detail ? (
        <div className="promo-notices">
          <div className="promo-notices__list">
            <ul aria-label={t('notices.list')} data-testid="notice-list">
              {shown.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    aria-current={n.id === detail.id ? 'true' : undefined}
                    onClick={() => pick(n.id)}
                    data-testid="notice-title"
                  >
                    {n.title}
                  </button>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <div className="promo-pager">
                <button
                  type="button"
                  onClick={() => setPage(current - 1)}
                  disabled={current === 0}
                  aria-label={t('notices.previous')}
                >
                  ‹
                </button>
                <span data-testid="notice-page">{t('notices.page', { page: current + 1, pages })}</span>
                <button
                  type="button"
                  onClick={() => setPage(current + 1)}
                  disabled={current >= pages - 1}
                  aria-label={t('notices.next')}
                >
                  ›
                </button>
              </div>
            ) : null}
          </div>
          <article className="promo-notices__detail" data-testid="notice-detail" aria-live="polite">
            <h2>{detail.title}</h2>
            {/* sanitised by the server (sanitize-html allow-list) */}
            <div className="promo-rich" dangerouslySetInnerHTML={{ __html: detail.content }} />
          </article>
        </div>
      ) : null}
    </div>
  );
}
