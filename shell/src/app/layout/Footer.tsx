import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type VendorItem, type VendorLanesResponse } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { FIRST_REQUESTS } from '@khela/api/first-data';
import { afterFirstView } from '../../lib/afterFirstView';

/** Every vendor once, in the operator's order of the lanes. */
export function footerVendors(lanes: VendorLanesResponse['data']['lanes']): VendorItem[] {
  const seen = new Map<string, VendorItem>();
  for (const lane of lanes)
    for (const code of lane.vendors) if (!seen.has(code) && lane.cards[code]) seen.set(code, lane.cards[code]!);
  return [...seen.values()];
}

/**
 * The vendors' icons (the spec's footer): asked for only when the footer comes near the screen, in a
 * strip whose height is kept from the first paint, so nothing moves when they arrive.
 */
function FooterVendors() {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [vendors, setVendors] = useState<VendorItem[]>([]);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '300px',
    });
    // watched once the route's first view is there: while the session is read or the route's area
    // mounts, a short page brings the footer near for a moment
    const cancel = afterFirstView(() => io.observe(el));
    return () => {
      cancel();
      io.disconnect();
    };
  }, []);
  const lang = i18n.language?.toUpperCase() === 'EN' ? 'EN' : 'BN';
  useEffect(() => {
    if (!near) return;
    let live = true;
    const req = FIRST_REQUESTS.vendorLanes(lang);
    // the lanes the page came with are the lobby's first data too: read, not taken (when the lobby's
    // files are slow, the footer is near first, and a lobby left without them would draw its vendor
    // bar late and push its list down)
    apiRequest<VendorLanesResponse>(req.path, { query: req.query, keepInlined: true }).then(
      (v) => live && setVendors(footerVendors(v.data.lanes)),
      () => undefined, // the footer goes without icons
    );
    return () => {
      live = false;
    };
  }, [near, lang]);
  return (
    // a strip that scrolls sideways: reachable by keyboard (and named) once it holds the icons
    <div
      ref={ref}
      className="k-footer__vendors"
      data-testid="footer-vendors"
      {...(vendors.length ? { tabIndex: 0, role: 'region', 'aria-label': t('footer.vendors') } : {})}
    >
      {vendors.length ? (
        <ul>
          {vendors.map((v) => (
            <li key={v.code}>
              <img src={v.lagerIcon} alt={v.displayName} width={64} height={32} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="k-footer" data-testid="footer">
      <FooterVendors />
      <nav className="k-footer__links" aria-label={t('footer.help')}>
        <Link to="/help">{t('footer.help')}</Link>
        <Link to="/help#term">{t('footer.terms')}</Link>
        <Link to="/helpmc">{t('footer.helpCentre')}</Link>
        <Link to="/notice">{t('nav.news')}</Link>
      </nav>
      <p className="k-footer__intro">{t('footer.intro')}</p>
      <p className="k-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
