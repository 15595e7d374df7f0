// The member centre's first view: the frame (title, the account lines still loading, the menu)
// and the opened page's heading, as HTML the origin draws into the page before any script runs.
// Built with this version (rspack.config.ts writes first-view.json into the version folder), so
// the origin always draws the frame of the version it serves, and a rollback rolls it back too.
// The markup is what MemberCentre renders before the member's summary has arrived (a test holds
// the two together), so nothing moves when the app takes over.
// No React and no styles here: the build's config (run by Node) imports this module.
import { bn } from '../locales/bn';
import { en } from '../locales/en';
import { DEFAULT_PAGE, MEMBER_PAGES, MENU_GROUPS, PAGE_FLAGS, type MemberPage } from '../menu';

/** first-view.json: per path the route opens, the view's HTML in each language. */
export interface FirstViews {
  views: Record<string, { BN: string; EN: string }>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Resources = typeof en;

/** The frame with `page` opened, in one language. */
export function memberFirstView(page: MemberPage, r: Resources): string {
  const text = (s: string) => escapeHtml(s);
  const groups = MENU_GROUPS.map((g) => {
    const items = g.pages
      .map((p) => {
        const flag = PAGE_FLAGS[p];
        const current = p === page ? ' class="active" aria-current="page"' : '';
        // an item behind a whitelabel flag: the origin leaves it out when the operator switched it off
        return (
          `<li${flag ? ` data-flag="${escapeHtml(flag)}"` : ''}>` +
          `<a href="/member/${p}"${current}>${text(r.pages[p])} </a></li>`
        );
      })
      .join('');
    return (
      `<div class="member-group" role="group" aria-labelledby="first-view-group-${g.key}">` +
      `<h3 id="first-view-group-${g.key}">${text(r.groups[g.key])}</h3><ul>${items}</ul></div>`
    );
  }).join('');
  return (
    `<div class="member" data-first-view="area">` +
    `<nav class="member-menu" aria-label="${escapeHtml(r.title)}"><h1>${text(r.title)}</h1>` +
    `<div class="member-top">` +
    `<p class="member-account">${text(r.account.replace('{{account}}', ''))}</p>` +
    `<p class="member-balance">${text(r.balance)}: …</p>` +
    `<p class="member-vip-line"></p></div>` +
    groups +
    `</nav>` +
    `<div class="member-content"><section><h2>${text(r.pages[page])}</h2>` +
    `<div class="k-loading" role="status" aria-live="polite"><span class="k-spinner" aria-hidden="true"></span>` +
    `<span>${text(r.loadingPage)}</span></div></section></div>` +
    `</div>`
  );
}

/** Every path of the member centre the origin may draw: /member (its default page) and each page's. */
export function memberFirstViews(): FirstViews {
  const views: FirstViews['views'] = {};
  const both = (page: MemberPage) => ({ BN: memberFirstView(page, bn), EN: memberFirstView(page, en) });
  views['/member'] = both(DEFAULT_PAGE);
  for (const page of MEMBER_PAGES) views[`/member/${page}`] = both(page);
  return { views };
}
