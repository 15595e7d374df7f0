import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type GameMenuEntry, type GameMenusResponse } from '@khela/api';
import { apiRequest, takeInlined } from '@khela/api-client';

/** A category's drop-down turns into the large menu above this many vendors (spec 9). */
export const LARGE_MENU_VENDORS = 10;

/** The vendor's page in its category: the category page filtered to the vendor. */
const vendorPage = (page: string, code: string) => `${page}${page.includes('?') ? '&' : '?'}vassalage=${code}`;

/**
 * The header's game navigation: one item per category that has vendors, each with a drop-down of
 * its vendors (a large menu above 10 vendors). From /lgw/games/game_menus, in the page's language.
 */
export function HeaderGameMenu() {
  const { i18n } = useTranslation();
  const lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  // the page's first menus came with it
  const [first] = useState(() => ({
    lang,
    menus: takeInlined<GameMenusResponse>({ path: '/lgw/games/game_menus', query: { language: lang } }, lang)?.menus,
  }));
  const [menus, setMenus] = useState<GameMenuEntry[]>(first.menus ?? []);
  const firstRun = useRef(true);
  // the vendors of a drop-down are drawn when it is first opened, not with the page
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const open = (type: string) => !opened.has(type) && setOpened(new Set(opened).add(type));
  useEffect(() => {
    const skip = firstRun.current && first.menus && first.lang === lang;
    firstRun.current = false;
    if (skip) return;
    let live = true;
    apiRequest<GameMenusResponse>('/lgw/games/game_menus', { query: { language: lang } }).then(
      (v) => live && setMenus(v.menus),
      () => undefined, // the header works without it
    );
    return () => {
      live = false;
    };
  }, [lang, first]);
  return (
    <>
      {menus.map((m) => (
        <div
          key={m.type}
          className="k-gamemenu"
          data-testid={`header-menu-${m.type}`}
          onPointerEnter={() => open(m.type)}
          onFocus={() => open(m.type)}
        >
          <NavLink to={m.page} className="k-gamemenu__link" aria-haspopup="true">
            {m.name}
          </NavLink>
          <div
            className={
              m.data.vendors.length > LARGE_MENU_VENDORS ? 'k-gamemenu__drop k-gamemenu__drop--large' : 'k-gamemenu__drop'
            }
            data-testid={`header-drop-${m.type}`}
            data-large={m.data.vendors.length > LARGE_MENU_VENDORS}
          >
            {(opened.has(m.type) ? m.data.vendors : []).map((v) => (
              <NavLink key={v.code} to={vendorPage(m.page, v.code)} className="k-gamemenu__vendor">
                <img src={v.lagerIcon} alt="" loading="lazy" decoding="async" />
                <span>{v.displayName}</span>
              </NavLink>
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
