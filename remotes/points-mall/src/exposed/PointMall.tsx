import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginStateAtom } from '@khela/session';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';

const SECTIONS = ['current', 'history', 'details', 'rules', 'rates'] as const;

export default function PointMall() {
  const { t } = useTranslation(NS);
  const { isLogin } = useAtomValue(loginStateAtom);
  return (
    <div data-testid="point-mall">
      <h1>{t('title')}</h1>
      {SECTIONS.map((s) => (
        <section key={s} className="k-card">
          <h2>{t(`sections.${s}`)}</h2>
          {s === 'rules' ? <p>{t('rulesText')}</p> : <EmptyState>{isLogin ? t('nothingYet') : t('loginToSee')}</EmptyState>}
        </section>
      ))}
    </div>
  );
}
