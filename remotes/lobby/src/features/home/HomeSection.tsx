import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

interface Props {
  type: string;
  title: string;
  /** where More leads, with the New switch off or on */
  more: (showNew: boolean) => string;
  children: (showNew: boolean) => ReactNode;
  /** replaces the Hot/New switch (the home lobby has its own filter icons) */
  tools?: ReactNode;
}

/** A home section: title, Hot and New switch, More (to /{type}, or /{type}?gameCategory=NEW). */
export function HomeSection({ type, title, more, children, tools }: Props) {
  const { t } = useTranslation(NS);
  const [showNew, setShowNew] = useState(false);
  return (
    <section className="lobby-section" data-testid={`home-section-${type}`} aria-label={title}>
      <header className="lobby-section__header">
        <h2>{title}</h2>
        {tools ?? (
          <div className="lobby-switch" role="group" aria-label={title}>
            <button type="button" aria-pressed={!showNew} onClick={() => setShowNew(false)}>
              {t('switchHot')}
            </button>
            <button type="button" aria-pressed={showNew} onClick={() => setShowNew(true)}>
              {t('switchNew')}
            </button>
          </div>
        )}
        <Link className="lobby-more" to={more(showNew)} data-testid={`more-${type}`}>
          {t('more')}
        </Link>
      </header>
      {children(showNew)}
    </section>
  );
}
