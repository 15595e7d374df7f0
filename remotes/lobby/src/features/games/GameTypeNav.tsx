import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

export const FILTERS = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'] as const;
export type ListFilter = (typeof FILTERS)[number];

/** Back link and filter tabs of a game centre or list (NEW preselected by ?gameCategory=NEW). */
export function GameListFrame({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const active = (params.get('gameCategory') as ListFilter | null) ?? 'ALL';
  return (
    <div className="lobby-list">
      <Link to="/" className="lobby-back">
        ← {t('back')}
      </Link>
      <h1>{title}</h1>
      <div className="lobby-tabs" role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={active === f}
            className={active === f ? 'lobby-tab lobby-tab--active' : 'lobby-tab'}
            onClick={() => setParams(f === 'ALL' ? {} : { gameCategory: f })}
          >
            {t(`filters.${f}`)}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
