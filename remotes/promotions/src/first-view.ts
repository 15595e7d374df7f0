// The promotions' first view: /promotions as a guest sees it (the title, the category tabs and the
// cards with their states), as HTML the origin draws into the page before any script runs, from
// the page's own first data (see deploy/src/first-view.ts). Bundled into this version's
// first-view.js. The markup is what PromotionsPage renders first from the same data (a test holds
// the two together). No React and no styles here: it runs in the origin.
import { dhakaDate } from '@khela/api/dates';
import { dataKey } from '@khela/api/inlined';
import { FIRST_REQUESTS, type FirstViewInput } from '@khela/api/first-data';
import { PROMOTION_CATEGORIES, type PromotionCardDto, type PromotionListDto } from '@khela/api/promotions';
import { bn as promoBn, en as promoEn } from './features/promotions/locales';
import { bn } from './locales/bn';
import { en } from './locales/en';

const escapeHtml = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

type Strings = typeof en & typeof promoEn;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
const pick = <T extends object>(map: T, key: unknown): string | undefined =>
  typeof key === 'string' && Object.hasOwn(map, key) ? String(map[key as keyof T]) : undefined;

/** A card's state and what it offers, as PromotionAction draws it before anything is done in it. */
function action(p: PromotionCardDto, r: Strings, lang: 'BN' | 'EN'): string {
  const s = p.state;
  const state = s ? pick(r.promo.state, s) : undefined;
  let body = '';
  if (s === 'join' || (s === 'claim' && p.stage === 'JOINED')) {
    body = `<button type="button" class="k-button promo-act">${escapeHtml(state)}</button>`;
  } else if (s === 'claim') {
    body =
      `<p class="promo-hint">${escapeHtml(r.promo.hint.releasable)}</p>` +
      `<a class="k-button promo-act" href="/member/rewardCenter">${escapeHtml(r.promo.rewardCentre)}</a>`;
  } else if (s) {
    const hint =
      s === 'close'
        ? p.reason
          ? (pick(r.promo.reason, p.reason) ?? r.promo.reason.ENDED)
          : ''
        : s === 'comingSoon'
          ? fill(r.promo.hint.comingSoon, { date: dhakaDate(p.startsAt, lang) })
          : s === 'claimed'
            ? r.promo.hint.claimedNow
            : (pick(r.promo.hint, s) ?? '');
    body = hint ? `<p class="promo-hint">${escapeHtml(hint)}</p>` : '';
  }
  return (
    `<div class="promo-action">` +
    (s ? `<span class="promo-state promo-state--${escapeHtml(s)}">${escapeHtml(state)}</span>` : '') +
    body +
    `</div>`
  );
}

/**
 * The first view of /promotions for a guest, or null: for a promotion's own page (?id=), for a page
 * opened from a login link (a member's cards carry the member's own states, asked for afresh), and
 * without the list's first data or with an empty list.
 */
export function render(input: FirstViewInput): string | null {
  const path = input.path.length > 1 ? input.path.replace(/\/+$/, '') : input.path;
  if (path !== '/promotions' || input.loginLink || new URLSearchParams(input.search).has('id')) return null;
  const req = FIRST_REQUESTS.promotions(input.lang);
  const text = input.answers[dataKey(input.lang, req.path, req.query)];
  let list: PromotionCardDto[] | undefined;
  try {
    const body = typeof text === 'string' ? (JSON.parse(text) as { success?: boolean; value?: PromotionListDto }) : undefined;
    list = body?.success === false ? undefined : body?.value?.list;
  } catch {
    list = undefined;
  }
  if (!Array.isArray(list) || !list.length) return null;

  const r: Strings = input.lang === 'EN' ? { ...en, ...promoEn } : { ...bn, ...promoBn };
  const category = (c: string) => escapeHtml(pick(r.categories, c) ?? c);
  const tabs =
    `<div class="promo-tabs" role="tablist">` +
    PROMOTION_CATEGORIES.map(
      (c) => `<button type="button" role="tab" aria-selected="${c === 'all'}">${category(c)}</button>`,
    ).join('') +
    `</div>`;
  const cards = list
    .map((p) => {
      const link = `/promotions?id=${encodeURIComponent(String(p.id))}`;
      const period = fill(r.promo.period, {
        from: dhakaDate(p.startsAt, input.lang),
        to: p.endsAt ? dhakaDate(p.endsAt, input.lang) : r.promo.noEnd,
      });
      return (
        `<li class="promo-card"><div class="promo-card__head">` +
        `<span class="promo-card__cat">${category(p.category)}</span>` +
        `<h2><a href="${escapeHtml(link)}">${escapeHtml(p.title)}</a></h2>` +
        `<p class="promo-dates">${escapeHtml(period)}</p></div>` +
        action(p, r, input.lang) +
        `<a class="promo-more" href="${escapeHtml(link)}">${escapeHtml(r.promo.details)}</a></li>`
      );
    })
    .join('');
  return `<div class="promo"><h1>${escapeHtml(r.title)}</h1>${tabs}<ul class="promo-cards">${cards}</ul></div>`;
}
