import { useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@khela/api';
import { openModalAtom } from '@khela/session';
import { NS } from '../../i18n';
import { MegaphoneIcon } from '../../components/Icons';
import { useOnScreen } from '../../hooks/useOnScreen';

/** The player notices, scrolling in one line; a click opens the notice list. */
export function NoticeMarquee({ notices }: { notices: Announcement[] }) {
  return notices.length ? <Marquee notices={notices} /> : null;
}

/** The line itself: mounted with its button, so the observer always has the element to watch. */
function Marquee({ notices }: { notices: Announcement[] }) {
  const { t } = useTranslation(NS);
  const openModal = useSetAtom(openModalAtom);
  const ref = useRef<HTMLButtonElement>(null);
  const onScreen = useOnScreen(ref);
  const line = notices.map((n) => n.title).join('     •     ');
  return (
    <button
      type="button"
      ref={ref}
      className={onScreen ? 'lobby-marquee' : 'lobby-marquee lobby-marquee--still'}
      data-testid="notice-marquee"
      onClick={() => openModal({ key: 'noticeModal' })}
    >
      <MegaphoneIcon className="lobby-marquee__icon" />
      <span className="lobby-marquee__window">
        <span className="lobby-marquee__text" style={{ animationDuration: `${Math.max(20, line.length / 5)}s` }}>
          <span>
            <span className="lobby-sr">{t('notices')}: </span>
            {line}
          </span>
          <span aria-hidden="true">{line}</span>
        </span>
      </span>
    </button>
  );
}
