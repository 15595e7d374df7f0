import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Announcement } from '@khela/api/games';
import { Modal } from '@khela/ui';
import { pagerState } from './rules';
import './announcements.css';

export interface AnnouncementPopupProps {
  items: Announcement[];
  /** the visitor closed the set (by the close button, Escape, the backdrop or a button that leads on) */
  onClose: () => void;
}

/** The announcement popups, one at a time with previous and next; the content is the server's sanitised HTML. */
export default function AnnouncementPopup({ items, onClose }: AnnouncementPopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const item = items[Math.min(index, items.length - 1)]!;
  const pager = pagerState(index, items.length);
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const external = item.link && /^https:\/\//.test(item.link);
  return (
    <Modal title={item.title} onClose={onClose} testId="announcement-modal">
      <div className="k-announcement" aria-label={t('announcements.label')}>
        <div className="k-announcement__content" dangerouslySetInnerHTML={{ __html: item.content }} />
        <div className="k-announcement__actions">
          {item.promotionType ? (
            // the spec: a promotion's button opens the reward centre and closes the modal
            <button type="button" className="k-button" onClick={() => go('/member/rewardCenter')}>
              {t('announcements.promotion')}
            </button>
          ) : item.link ? (
            external ? (
              <a className="k-button" href={item.link} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                {t('announcements.more')}
              </a>
            ) : (
              <button type="button" className="k-button" onClick={() => go(item.link!)}>
                {t('announcements.more')}
              </button>
            )
          ) : null}
        </div>
        {items.length > 1 ? (
          <nav className="k-announcement__pager" aria-label={t('announcements.label')}>
            <button
              type="button"
              className="k-button k-button--ghost"
              disabled={!pager.prev}
              onClick={() => setIndex((i) => i - 1)}
            >
              {t('announcements.prev')}
            </button>
            <span aria-live="polite" data-testid="announcement-position">
              {t('announcements.position', { n: index + 1, count: items.length })}
            </span>
            <button
              type="button"
              className="k-button k-button--ghost"
              disabled={!pager.next}
              onClick={() => setIndex((i) => i + 1)}
            >
              {t('announcements.next')}
            </button>
          </nav>
        ) : null}
      </div>
    </Modal>
  );
}
