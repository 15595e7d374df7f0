import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS, titleKeys } from '../../i18n';

/** Home sections in the spec's order (recent comes first, only when logged in and not empty). */
export const HOME_SECTIONS = ['HOT', 'LOBBY', 'FAV', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT'] as const;
export type SectionType = (typeof HOME_SECTIONS)[number] | 'RECENT';

const ROUTE: Record<SectionType, string> = {
  RECENT: '/recent', HOT: '/hot', LOBBY: '/hot', FAV: '/favorite', RNG: '/rng', LIVE: '/live', FISH: '/fish',
  SPORTS: '/sports', ESPORTS: '/esports', PVP: '/pvp', COCKFIGHT: '/sports', LOTT: '/lott',
};

/** "More" leads to /{type}; with the New switch on, to /{type}?gameCategory=NEW. */
export function moreLink(type: SectionType, showNew: boolean): string {
  return showNew ? `${ROUTE[type]}?gameCategory=NEW` : ROUTE[type];
}

export function HomeSection({ type }: { type: SectionType }) {
  const { t } = useTranslation(NS);
  const [showNew, setShowNew] = useState(false);
  return (
    <section className="lobby-section" data-testid={`home-section-${type}`}>
      <header className="lobby-section__header">
        <h2>{t(titleKeys(type))}</h2>
        <div className="lobby-switch" role="group">
          <button type="button" aria-pressed={!showNew} onClick={() => setShowNew(false)}>{t('switchHot')}</button>
          <button type="button" aria-pressed={showNew} onClick={() => setShowNew(true)}>{t('switchNew')}</button>
        </div>
        <Link className="lobby-more" to={moreLink(type, showNew)}>{t('more')}</Link>
      </header>
      <EmptyState>{t('noGames')}</EmptyState>
    </section>
  );
}
