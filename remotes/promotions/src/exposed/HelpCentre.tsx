import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import '../promotions.css';

const SECTIONS = ['faq', 'deposit', 'term', 'responsible'] as const;

/** Help centre (/helpmc, or the /help modal; the anchor #term scrolls to the terms). */
export default function HelpCentre({ anchor, inModal }: { anchor?: string; inModal?: boolean }) {
  const { t } = useTranslation(NS);
  useEffect(() => {
    if (anchor) document.getElementById(`help-${anchor}`)?.scrollIntoView();
  }, [anchor]);
  return (
    <div className="promo" data-testid="help-centre">
      {inModal ? null : <h1>{t('help.title')}</h1>}
      {SECTIONS.map((s) => (
        <section key={s} id={`help-${s}`} className="promo-help">
          <h2>{t(`help.sections.${s}`)}</h2>
          <p>{t(`help.body.${s}`)}</p>
        </section>
      ))}
    </div>
  );
}
