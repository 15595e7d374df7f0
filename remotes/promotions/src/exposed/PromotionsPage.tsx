import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { addNamespace } from '@khela/i18n';
import { loginStateAtom } from '@khela/session';
import { NS } from '../i18n';
import { PromotionDetail } from '../features/promotions/PromotionDetail';
import { PromotionList } from '../features/promotions/PromotionList';
import { bn, en } from '../features/promotions/locales';
import '../promotions.css';

addNamespace(NS, { bn, en });

/** /promotions: the promotions by category, or one promotion (?id=) with its detail. */
export default function PromotionsPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { isLogin } = useAtomValue(loginStateAtom);
  const id = Number(params.get('id'));
  if (Number.isSafeInteger(id) && id > 0) return <PromotionDetail id={id} />;
  return (
    <div className="promo" data-testid="promotions-page">
      <h1>{t('title')}</h1>
      <PromotionList loginKey={isLogin ? 'member' : 'guest'} />
    </div>
  );
}
