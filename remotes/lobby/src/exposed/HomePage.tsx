import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { HOME_SECTIONS, HomeSection } from '../features/home/HomeSection';
import '../lobby.css';

export default function HomePage() {
  const { t } = useTranslation(NS);
  return (
    <div className="lobby-home" data-testid="home-page">
      <section className="lobby-hero" aria-label={t('hero.title')}>
        <h1>{t('hero.title')}</h1>
        <p>{t('hero.body')}</p>
      </section>
      {HOME_SECTIONS.map((type) => (
        <HomeSection key={type} type={type} />
      ))}
    </div>
  );
}
