import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, Loading } from '@khela/ui';
import { ApiError } from '@khela/api-client';
import { NS } from '../../i18n';
import { langOf } from '../../lib/content';
import { useLoad } from '../../lib/useLoad';
import { dateText, fetchPromotion, taka } from './api';
import { PromotionAction } from './PromotionAction';

/** One promotion (/promotions?id=): its content, rule, the member's progress and action. */
export function PromotionDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const [load, retry] = useLoad(`promotion:${id}:${lang}`, (signal) => fetchPromotion(id, lang, signal));
  return (
    <div className="promo" data-testid="promotion-detail" aria-busy={load.state === 'loading'}>
      <p>
        <Link to="/promotions">‹ {t('promo.back')}</Link>
      </p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        load.error instanceof ApiError && load.error.errorCode === 'PROMOTION_NOT_FOUND' ? (
          <ErrorState message={t('promo.notFound')} />
        ) : (
          <ErrorState message={t('error')} onRetry={retry} />
        )
      ) : null}
      {load.state === 'ok' ? (
        <article>
          <h1>{load.value.title}</h1>
          <p className="promo-dates">
            {t('promo.period', {
              from: dateText(load.value.startsAt, lang),
              to: load.value.endsAt ? dateText(load.value.endsAt, lang) : t('promo.noEnd'),
            })}
          </p>
          <PromotionAction p={load.value} onDone={retry} />
          {load.value.progress && load.value.stage !== 'JOINED' && load.value.progress.wageringRequired !== '0' ? (
            <section className="promo-progress" data-testid="promotion-progress">
              <h2>{t('promo.progress')}</h2>
              <p>{t('promo.bonus', { amount: taka(load.value.progress.bonus, lang) })}</p>
              <p>
                {t('promo.wageringProgress', {
                  done: taka(load.value.progress.wageringDone, lang),
                  required: taka(load.value.progress.wageringRequired, lang),
                })}
              </p>
            </section>
          ) : null}
          {/* sanitised by the server (sanitize-html allow-list) */}
          <div className="promo-rich" dangerouslySetInnerHTML={{ __html: load.value.content }} />
          {load.value.kind !== 'INFO' ? (
            <section className="promo-rule">
              <h2>{t('promo.rule')}</h2>
              <p>
                {t(`promo.ruleText.${load.value.kind}`, {
                  pct: load.value.percentBp / 100,
                  min: taka(load.value.minAmount, lang),
                  amount: taka(load.value.fixedAmount, lang),
                })}
                {load.value.maxBonus ? ` (${t('promo.max', { max: taka(load.value.maxBonus, lang) })})` : ''}
              </p>
              <p>
                {load.value.wageringMultiplier > 0
                  ? t('promo.wagering', { times: load.value.wageringMultiplier })
                  : t('promo.noWagering')}
              </p>
              {Object.keys(load.value.contribution).length ? (
                <>
                  <h3>{t('promo.contribution')}</h3>
                  <ul className="promo-contrib">
                    {Object.entries(load.value.contribution).map(([type, pct]) => (
                      <li key={type}>
                        {t([`promo.gameType.${type}`, type])}: {pct}%
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {load.value.needsApproval ? <p>{t('promo.approval')}</p> : null}
              {load.value.wageringMultiplier > 0 ? <p>{t(`promo.onWithdrawal.${load.value.onWithdrawal}`)}</p> : null}
            </section>
          ) : null}
        </article>
      ) : null}
    </div>
  );
}
