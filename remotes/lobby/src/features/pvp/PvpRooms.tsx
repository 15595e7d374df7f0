import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { LoadError } from '../../components/States';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { useLaunch } from '../../hooks/useLaunch';
import type { Lang } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { ROOMS_NAMESPACES } from '../../rooms-i18n';
import { fetchRooms, roomVendors } from './rooms.api';
import { ROOMS_HEIGHT } from './layout';
import './rooms.css';

const counts: Partial<Record<Lang, Intl.NumberFormat>> = {};
const count = (n: number, lang: Lang) => (counts[lang] ??= new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN')).format(n);

/**
 * The PvP page's rooms (the spec's GLS2_roomList): the rooms of the vendors that keep rooms, with a
 * vendor filter when more than one has rooms; joining a room launches its game (login needed). The
 * first vendor filter is the page's ?vassalage when that vendor has rooms.
 */
export default function PvpRooms({ vendor }: { vendor?: string }) {
  const { t } = useTranslation(ROOMS_NAMESPACES);
  const lang = useLang();
  const launch = useLaunch();
  const rooms = useAsync((signal) => fetchRooms(lang, signal), [lang]);
  const [picked, setPicked] = useState<string | undefined>(vendor);
  const list = rooms.data?.list ?? [];
  const vendors = roomVendors(list);
  const selected = picked && vendors.some((v) => v.code === picked) ? picked : 'ALL';
  const shown = selected === 'ALL' ? list : list.filter((r) => r.vassalage === selected);

  let body;
  if (rooms.loading && !rooms.data)
    body = (
      <div className="lobby-rooms__grid" role="status" aria-label={t('rooms.loading')} data-testid="rooms-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="lobby-skeleton lobby-room--skeleton" />
        ))}
      </div>
    );
  else if (rooms.error)
    body = (
      <div className="lobby-rooms__state">
        <LoadError error={rooms.error} onRetry={rooms.reload} testId="rooms-error" />
      </div>
    );
  else if (!shown.length)
    body = (
      <div className="lobby-rooms__state" data-testid="rooms-empty">
        <EmptyState>{t('rooms.empty')}</EmptyState>
      </div>
    );
  else
    body = (
      <ul className="lobby-rooms__grid">
        {shown.map((r) => (
          <li key={r.roomCode} className="lobby-room" data-testid="pvp-room" data-room={r.roomCode} data-game={r.game.gameCode}>
            <div className="lobby-room__vendor">{r.vendorName}</div>
            <h3 className="lobby-room__name">{r.roomName}</h3>
            <div className="lobby-room__game">{r.game.displayName}</div>
            <dl className="lobby-room__facts">
              <div>
                <dt>{t('rooms.minEntry')}</dt>
                <dd data-testid="room-min-entry">{formatMoney(r.minEntry, lang)}</dd>
              </div>
              <div>
                <dt>{t('rooms.seats')}</dt>
                <dd>{count(r.seats, lang)}</dd>
              </div>
              <div>
                <dt>{t('rooms.online')}</dt>
                <dd>{count(r.playersOnline, lang)}</dd>
              </div>
            </dl>
            <button
              type="button"
              className="lobby-btn lobby-btn--play lobby-room__join"
              aria-label={t('rooms.joinRoom', { room: r.roomName })}
              onClick={() => void launch({ game: r.game })}
            >
              {t('rooms.join')}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="lobby-rooms" style={{ height: ROOMS_HEIGHT }} aria-labelledby="pvp-rooms-title" data-testid="pvp-rooms">
      <h2 id="pvp-rooms-title" className="lobby-subtitle">
        {t('rooms.title')}
      </h2>
      {/* the vendor filter's row keeps its room when there is nothing to filter */}
      {vendors.length > 1 ? (
        <div
          className="lobby-classify lobby-rooms__vendors"
          role="group"
          aria-label={t('rooms.vendors')}
          data-testid="room-vendors"
        >
          {[{ code: 'ALL', name: t('rooms.all') }, ...vendors].map((v) => (
            <button key={v.code} type="button" aria-pressed={selected === v.code} onClick={() => setPicked(v.code)}>
              {v.name}
            </button>
          ))}
        </div>
      ) : (
        <div aria-hidden="true" />
      )}
      {body}
    </section>
  );
}
