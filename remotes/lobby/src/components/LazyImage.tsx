import { startTransition, useEffect, useRef, useState } from 'react';
import { LAZY_RETRIES, LAZY_THRESHOLD } from '../lib/constants';

/** The default game icon, shown when an image cannot be loaded (inline: it needs no network). */
export const DEFAULT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="#1b2a44"/>' +
      '<path d="M84 96h72a24 24 0 0 1 24 24v16a24 24 0 0 1-24 24H84a24 24 0 0 1-24-24v-16a24 24 0 0 1 24-24z" fill="#2c4470"/>' +
      '<path d="M92 120v16m-8-8h16" stroke="#9fb3c8" stroke-width="6"/><circle cx="146" cy="122" r="6" fill="#9fb3c8"/>' +
      '<circle cx="160" cy="136" r="6" fill="#9fb3c8"/></svg>',
  );

interface Props {
  src: string;
  alt: string;
  className?: string;
  /** in the first screen for sure (a list's first tiles, whose images the page preloaded): loads at once */
  eager?: boolean;
}

/**
 * An image that loads when a tenth of it comes into view, retries once, and then shows the
 * default game icon. An eager one is drawn with its address in its first render: waiting for the
 * observer's first answer and a render after it would put a list's largest paint two frames and a
 * render later on a slow phone, for images the page has already fetched.
 */
export function LazyImage({ src, alt, className, eager }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(() => !!eager || typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setAttempt(0);
    setFailed(false);
  }, [src]);

  useEffect(() => {
    const el = ref.current;
    if (visible || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          // the images of a whole screen come into view at once: one interruptible render for them
          startTransition(() => setVisible(true));
          io.disconnect();
        }
      },
      { threshold: LAZY_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);

  const url = failed
    ? DEFAULT_ICON
    : visible
      ? attempt
        ? `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`
        : src
      : undefined;
  return (
    <img
      ref={ref}
      className={className}
      src={url}
      alt={alt}
      decoding="async"
      data-state={failed ? 'fallback' : visible ? 'loading' : 'waiting'}
      onLoad={(e) => !failed && (e.currentTarget.dataset.state = 'loaded')}
      onError={() => (attempt < LAZY_RETRIES ? setAttempt(attempt + 1) : setFailed(true))}
    />
  );
}
