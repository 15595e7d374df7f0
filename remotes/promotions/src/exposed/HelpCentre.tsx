import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { fetchHelp, langOf } from '../lib/content';
import { useLoad } from '../lib/useLoad';
import '../promotions.css';

/**
 * Help centre (/helpmc, or the /help modal): the operators' articles in the page's language, each a
 * section whose id is its anchor (#term scrolls to the terms). The server sanitises the rich text to
 * an allow-list (formatting, lists, links, images) before storing and again before serving it.
 */
export default function HelpCentre({ anchor, inModal }: { anchor?: string; inModal?: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const [load, retry] = useLoad(`help:${lang}`, (signal) => fetchHelp(lang, signal));
  const ready = load.state === 'ok';
  // the modal is given its anchor (/help#term); the page reads its own (/helpmc#term)
  const { hash } = useLocation();
  const target = anchor ?? (hash ? hash.slice(1).replace(/^help-/, '') : undefined);
  useEffect(() => {
    if (ready && target) document.getElementById(`help-${target}`)?.scrollIntoView();
  }, [target, ready]);
  return (
    <div className="promo promo-help-centre" data-testid="help-centre" aria-busy={load.state === 'loading'}>
      {inModal ? null : <h1>{t('help.title')}</h1>}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? <ErrorState message={t('error')} onRetry={retry} /> : null}
      {ready && load.value.articles.length === 0 ? <EmptyState>{t('help.empty')}</EmptyState> : null}
      {ready ? (
        <nav className="promo-help-toc" aria-label={t('help.title')}>
          {load.value.articles.map((a) => (
            <a key={a.id} href={`#help-${a.section}`}>
              {a.title}
            </a>
          ))}
        </nav>
      ) : null}
      {ready
        ? load.value.articles.map((a) => (
            <section key={a.id} id={`help-${a.section}`} className="promo-help" data-testid={`help-${a.section}`}>
              <h2>{a.title}</h2>
              {/* sanitised by the server (sanitize-html allow-list) */}
              <div className="promo-rich" dangerouslySetInnerHTML={{ __html: a.content }} />
            </section>
          ))
        : null}
    </div>
  );
}
