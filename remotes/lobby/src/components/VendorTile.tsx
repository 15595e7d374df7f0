import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { VendorItem } from '@khela/api';
import { NS } from '../i18n';
import { useLaunch } from '../hooks/useLaunch';
import { LazyImage } from './LazyImage';

/**
 * A vendor: clicking launches it (a slots vendor opens its games instead); a play-now button for
 * every game type except RNG.
 */
export function VendorTile({ vendor }: { vendor: VendorItem }) {
  const { t } = useTranslation(NS);
  const launch = useLaunch();
  const navigate = useNavigate();
  const slots = vendor.gameType === 'RNG';
  const open = () =>
    slots ? navigate(`/rng?vassalage=${vendor.code}`) : launch({ vendor: { code: vendor.code, gameType: vendor.gameType } });
  return (
    <article className="lobby-vendor" data-testid="vendor-tile" data-vendor={vendor.code}>
      <button type="button" className="lobby-vendor__art" onClick={open} aria-label={vendor.displayName}>
        <LazyImage src={vendor.lagerIcon} alt="" />
      </button>
      <div className="lobby-vendor__foot">
        <span className="lobby-vendor__name">{vendor.displayName}</span>
        {slots ? null : (
          <button type="button" className="lobby-btn lobby-btn--play" data-testid="vendor-play" onClick={open}>
            {t('tile.play')}
          </button>
        )}
      </div>
    </article>
  );
}
