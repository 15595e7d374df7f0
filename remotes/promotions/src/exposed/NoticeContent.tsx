import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { fetchNotices, langOf } from '../lib/content';
import { useLoad } from '../lib/useLoad';
import '../promotions.css';

/** One news item (/noticecontent?id=), with the way back to the news centre. */
export default function NoticeContent() {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [load, retry] = useLoad(`notices:${lang}`, (signal) => fetchNotices(lang, signal));
  const notice = load.state === 'ok' ? load.value.find((n) => n.id === id) : undefined;
  return (
    <div className="promo" data-testid="notice-content" aria-busy={load.state === 'loading'}>
      <p>
        <Link to="/notice">‹ {t('notices.back')}</Link>
      </p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? <ErrorState message={t('error')} onRetry={retry} /> : null}
      {load.state === 'ok' && !notice ? <EmptyState>{id ? t('notices.missing') : t('noNewsItem')}</EmptyState> : null}
      {notice ? (
        <article data-testid="notice-article">
          <h1>{notice.title}</h1>
          {/* sanitised by the server (sanitize-html allow-list) */}
          <div className="promo-rich" dangerouslySetInnerHTML={{ __html: notice.content }} />
        </article>
      ) : null}
    </div>
  );
}
