// The member centre's first view: the frame (title, the account lines still loading, the menu)
// and the opened page's heading, as HTML the origin draws into the page before any script runs
// (on a login link: see deploy/src/first-view.ts). Bundled into this version's first-view.js, so
// the origin always draws the frame of the version it serves, and a rollback rolls it back too.
// The markup is what MemberCentre renders before the member's summary has arrived (a test holds
// the two together), so nothing moves when the app takes over.
// No React and no styles here: it runs in the origin.
import { isFlagEnabled } from '@khela/api/contract';
import type { FirstViewInput } from '@khela/api/first-data';
import { bn } from '../locales/bn';
import { en } from '../locales/en';
import { MENU_GROUPS, PAGE_FLAGS, openingPage, type MemberPage } from '../menu';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Resources = typeof en;

/** The frame with `page` opened, in one language, without the menu items in `hidden`. */
export function memberFirstView(page: MemberPage, r: Resources, hidden: ReadonlySet<MemberPage> = new Set()): string {
  const text = (s: string) => escapeHtml(s);
  const groups = MENU_GROUPS.map((g) => {
    const items = g.pages
      .filter((p) => !hidden.has(p))
      .map((p) => {
        const current = p === page ? ' class="active" aria-current="page"' : '';
        return `<li><a href="/member/${p}"${current}>${text(r.pages[p])} </a></li>`;
      })
      .join('');
    return (
      `<div class="member-group" role="group" aria-labelledby="first-view-group-${g.key}">` +
      `<h3 id="first-view-group-${g.key}">${text(r.groups[g.key])}</h3><ul>${items}</ul></div>`
    );
  }).join('');
  return (
    `<div class="member">` +
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

/**
 * The first view of a member-centre address, drawn only for a page opened from a login link (a
 * session is being handed over; without one the origin cannot tell a member from a guest). The
 * items of flags the operator switched off are left out, as the centre leaves them out; without
 * the flags, every flagged item.
 */
export function render(input: FirstViewInput): string | null {
  if (!input.loginLink) return null;
  const page = openingPage(input.path.length > 1 ? input.path.replace(/\/+$/, '') : input.path);
  if (!page) return null;
  const hidden = new Set<MemberPage>();
  for (const [p, flag] of Object.entries(PAGE_FLAGS) as [MemberPage, string][])
    if (!input.whitelabel || !isFlagEnabled(input.whitelabel, flag)) hidden.add(p);
  return memberFirstView(page, input.lang === 'EN' ? en : bn, hidden);
}
