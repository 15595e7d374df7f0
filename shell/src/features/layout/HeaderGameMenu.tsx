import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiRequest, type GameMenuEntry, type GameMenusResponse } from '@khela/api';

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
  const [menus, setMenus] = useState<GameMenuEntry[]>([]);
  useEffect(() => {
    let live = true;
    apiRequest<GameMenusResponse>('/lgw/games/game_menus', { query: { language: lang } }).then(
      (v) => live && setMenus(v.menus),
      () => undefined, // the header works without it
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return (
    <>
      {menus.map((m) => (
        <div key={m.type} className="k-gamemenu" data-testid={`header-menu-${m.type}`}>
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
            {m.data.vendors.map((v) => (
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
