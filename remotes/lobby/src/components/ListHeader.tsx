import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { ChevronLeftIcon } from './Icons';

/** The back link to home and the page title. */
export function ListHeader({ title }: { title: string }) {
  const { t } = useTranslation(NS);
  return (
    <header className="lobby-page-head">
      <Link to="/" className="lobby-back" data-testid="back-home">
        <ChevronLeftIcon />
        {t('back')}
      </Link>
      <h1>{title}</h1>
    </header>
  );
}
