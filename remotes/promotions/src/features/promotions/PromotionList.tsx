import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@khela/api/promotions';
import { publicStateAtom } from '@khela/session';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../../i18n';
import { langOf } from '../../lib/content';
import { useLoad } from '../../lib/useLoad';
import { dateText, fetchPromotions, firstPromotions } from './api';
import { PromotionAction } from './PromotionAction';

/** The promotions by category (the spec's 14 tabs), each card with its state for the member. */
export function PromotionList({ loginKey }: { loginKey: string }) {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const [category, setCategory] = useState<(typeof PROMOTION_CATEGORIES)[number]>('all');
  const [load, retry] = useLoad(
    `promotions:${lang}:${loginKey}`,
    (signal) => fetchPromotions(lang, signal, loginKey === 'member'),
    // a guest's list came with the page: its first render shows it (as the page's first frame did)
    loginKey === 'guest' ? () => firstPromotions(lang) : undefined,
  );
  const setPublic = useSetAtom(publicStateAtom);
  const available = load.state === 'ok' && loginKey === 'member' ? load.value.available : null;
  // the header's count of promotions to join or claim follows what this list says
  useEffect(() => {
    if (available !== null) setPublic((p) => ({ ...p, availablePromoCount: available }));
  }, [available, setPublic]);
  const list =
    load.state === 'ok'
      ? load.value.list.filter((p) => category === 'all' || p.category === (category as PromotionCategory))
      : [];
  return (
    <>
      <div className="promo-tabs" role="tablist">
        {PROMOTION_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={c === category}
            data-testid={`promo-tab-${c}`}
            onClick={() => setCategory(c)}
          >
            {t(`categories.${c}`)}
          </button>
        ))}
      </div>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? <ErrorState message={t('error')} onRetry={retry} /> : null}
      {load.state === 'ok' && list.length === 0 ? <EmptyState>{t('noPromotions')}</EmptyState> : null}
      {list.length ? (
        <ul className="promo-cards" data-testid="promotion-list">
          {list.map((p) => (
            <li key={p.id} className="promo-card" data-testid={`promo-card-${p.code}`}>
              <div className="promo-card__head">
                <span className="promo-card__cat">{t(`categories.${p.category}`)}</span>
                <h2>
                  <Link to={`/promotions?id=${p.id}`}>{p.title}</Link>
                </h2>
                <p className="promo-dates">
                  {t('promo.period', {
                    from: dateText(p.startsAt, lang),
                    to: p.endsAt ? dateText(p.endsAt, lang) : t('promo.noEnd'),
                  })}
                </p>
              </div>
              <PromotionAction p={p} onDone={retry} />
              <Link className="promo-more" to={`/promotions?id=${p.id}`}>
                {t('promo.details')}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
