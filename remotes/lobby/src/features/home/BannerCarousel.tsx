import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@khela/api';
import { NS } from '../../i18n';
import { BANNER_INTERVAL_MS } from '../../lib/constants';

/** The banners of group w_home: a swipeable strip (scroll snap) that moves on by itself. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation(NS);
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  const go = (i: number) => {
    const el = track.current;
    if (!el || !banners.length) return;
    const next = (i + banners.length) % banners.length;
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };

  useEffect(() => {
    if (paused || banners.length < 2) return;
    const timer = setInterval(() => go(index + 1), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
    // go reads the latest index through the closure of this effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, paused, banners.length]);

  if (!banners.length) return null;
  return (
    <section
      className="lobby-banners"
      aria-roledescription="carousel"
      aria-label={t('banners')}
      data-testid="home-banners"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="lobby-banners__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          const i = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
          if (i !== index) setIndex(i);
        }}
      >
        {banners.map((b, i) => (
          <div className="lobby-banner" key={b.id} aria-roledescription="slide" aria-label={`${i + 1} / ${banners.length}`}>
            {/* the first banner is the page's largest paint: the origin preloads it, fetched first */}
            <img
              className="lobby-banner__img"
              src={b.imageUrl}
              alt=""
              width={1200}
              height={400}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="lobby-banner__text">
              <h2>{b.title}</h2>
              <p>{b.content}</p>
              {b.link ? (
                <Link className="lobby-btn lobby-btn--play lobby-banner__cta" to={b.link}>
                  {t('bannerCta')}
                </Link>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="lobby-banners__dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={t('bannerGo', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
