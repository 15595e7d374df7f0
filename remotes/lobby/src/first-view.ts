// The lobby's first view: a game list (/rng, /fish, /hot, an unknown path's hot list) as HTML the
// origin draws into the page before any script runs, from the page's own first data (see
// deploy/src/first-view.ts): the heading, the vendor carousel, the tabs and search, the classify
// menu and the first page of tiles, the first of them with their images (preloaded by the page).
// Bundled into this version's first-view.js, so the origin draws the list of the version it
// serves. The markup is what GameList renders first from the same data (a test holds the two
// together), so the tiles the list draws are where, and as large as, the ones already painted.
// No React and no styles here: it runs in the origin.
import type { GameListResponse, ListGameType, VendorLanesResponse } from '@khela/api';
import { entryRoute, FIRST_TILES, type FirstViewInput } from '@khela/api/first-data';
import { dataKey, type DataRequest } from '@khela/api/inlined';
import { bn as commonBn } from '@khela/i18n/locales/bn';
import { en as commonEn } from '@khela/i18n/locales/en';
import { ICONS, type IconShape } from './components/icon-paths';
import { LIST_TYPES } from './features/game-list/gameListState';
import { splitCategories, vendorsOf } from './lib/categories';
import { bn } from './locales/bn';
import { en, type LobbyResources } from './locales/en';

const escapeHtml = (s: string) =>
  String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An image address the page may name: this origin's path or an https address. */
const safeImage = (url: unknown): url is string => typeof url === 'string' && /^(\/(?!\/)|https:\/\/)/.test(url);

/** An icon as Icons.tsx draws it. */
const icon = ({ d, filled }: IconShape) =>
  `<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false"><path d="${d}" fill="${
    filled ? 'currentColor' : 'none'
  }" stroke="${filled ? 'none' : 'currentColor'}" stroke-width="2" stroke-linejoin="round"></path></svg>`;

const TAB_ICONS = { ALL: ICONS.grid, NEW: ICONS.star, HOT: ICONS.flame, FAV: ICONS.heart, RECENT: ICONS.clock };

/** An answer of the page's first data (the API's `value`), if the page has it. */
function answer<T>(input: FirstViewInput, req: DataRequest): T | undefined {
  const text = input.answers[dataKey(input.lang, req.path, req.query)];
  if (typeof text !== 'string') return undefined;
  try {
    const body = JSON.parse(text) as { success?: boolean; value?: T };
    return body?.success === false ? undefined : body?.value;
  } catch {
    return undefined;
  }
}

/** LazyImage's first render: an eager image with its address, else one waiting to be seen. */
const image = (src: string, alt: string, eager: boolean) =>
  eager && safeImage(src)
    ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" decoding="async" data-state="loading">`
    : `<img alt="${escapeHtml(alt)}" decoding="async" data-state="waiting">`;

type Tile = Pick<GameListResponse['games'][number], 'displayName' | 'iconUrl' | 'isHot' | 'isNew' | 'supportPlay' | 'isGame'>;

/** A tile as GameTile draws it for a visitor whose favourites have not arrived. */
function tile(g: Tile, eager: boolean, r: LobbyResources): string {
  const name = String(g.displayName ?? '');
  const vendorEntry = g.isGame === 'VASSALAGE';
  const badge =
    g.isHot === 1
      ? `<span class="lobby-badge lobby-badge--hot">${icon(ICONS.flame)}${escapeHtml(r.tile.hot)}</span>`
      : g.isNew === 1
        ? `<span class="lobby-badge lobby-badge--new">${escapeHtml(r.tile.new)}</span>`
        : '';
  const favourite = vendorEntry
    ? ''
    : `<button type="button" class="lobby-fav" aria-pressed="false" aria-label="${escapeHtml(
        r.tile.favourite.replace('{{name}}', name),
      )}">${icon(ICONS.heartOutline)}</button>`;
  const trial =
    g.supportPlay === 0 && !vendorEntry
      ? `<button type="button" class="lobby-btn lobby-btn--ghost">${escapeHtml(r.tile.trial)}</button>`
      : '';
  return (
    `<article class="lobby-tile">` +
    `<button type="button" class="lobby-tile__art" aria-label="${escapeHtml(name)}">${image(g.iconUrl, '', eager)}` +
    `<span class="lobby-tile__hover" aria-hidden="true">${icon(ICONS.play)}</span></button>` +
    badge +
    favourite +
    `<h3 class="lobby-tile__name" title="${escapeHtml(name)}">${escapeHtml(name)}</h3>` +
    `<div class="lobby-tile__actions"><button type="button" class="lobby-btn lobby-btn--play">${escapeHtml(
      vendorEntry ? r.tile.viewGames : r.tile.play,
    )}</button>${trial}</div>` +
    `</article>`
  );
}

/**
 * The first view of a game-list address: the list as it opens (all games, every vendor, page 1),
 * or null for what it does not draw (another area's address, a list opened on a vendor or on the
 * new games, the PvP list with its rooms, a page without its list's data or with an empty list).
 */
export function render(input: FirstViewInput): string | null {
  const route = entryRoute(input.path, input.search, input.lang);
  if (route.area?.module !== 'GameList') return null;
  const params = new URLSearchParams(input.search);
  if (params.has('vassalage') || params.has('gameCategory')) return null;
  const listRequest = route.requests.find((q) => q.path.endsWith('GCSGAME_gameList'));
  const lanesRequest = route.requests.find((q) => q.path.endsWith('GCSGAME_newGameVendor'));
  const gameType = listRequest?.query?.gameType as ListGameType | undefined;
  if (!listRequest || !lanesRequest || !gameType || gameType === 'PVP') return null;
  const list = answer<GameListResponse>(input, listRequest);
  const lanes = answer<VendorLanesResponse>(input, lanesRequest)?.data?.lanes;
  if (!Array.isArray(list?.games) || !list.games.length || !Array.isArray(lanes)) return null;

  const r = input.lang === 'EN' ? en : bn;
  const common = input.lang === 'EN' ? commonEn : commonBn;
  const text = escapeHtml;
  const sections = r.sections as Partial<Record<string, string>>;
  const title = sections[gameType] ?? (common.nav as Partial<Record<string, string>>)[gameType] ?? gameType;

  const categories = splitCategories(lanes);
  const vendors = vendorsOf(categories, gameType);
  const lane = categories.find((c) => c.type === gameType)?.lane ?? null;
  const classifies = gameType === 'HOT' ? [] : (lane?.gameClassify ?? []);

  const vendorBar = vendors.length
    ? `<div class="lobby-vendorbar"><label class="lobby-search lobby-search--small">${icon(ICONS.search)}` +
      `<input placeholder="${text(r.vendorSearch)}" aria-label="${text(r.vendorSearch)}" type="search" value=""></label>` +
      `<div class="lobby-vendorbar__row"><button type="button" class="lobby-arrow" aria-label="${text(r.scrollLeft)}">${icon(ICONS.chevronLeft)}</button>` +
      `<div class="lobby-vendorbar__track" role="listbox" aria-label="${text(r.vendors)}">` +
      `<button type="button" role="option" aria-selected="true" class="lobby-chip lobby-chip--all">${text(r.filters.ALL)}</button>` +
      vendors
        .map(
          (v) =>
            `<button type="button" role="option" aria-selected="false" class="lobby-chip" title="${text(v.displayName)}">` +
            `${image(v.lagerIcon, v.displayName, false)}</button>`,
        )
        .join('') +
      `</div><button type="button" class="lobby-arrow" aria-label="${text(r.scrollRight)}">${icon(ICONS.chevronRight)}</button></div></div>`
    : '';
  const tabs =
    `<div class="lobby-tabs" role="tablist" aria-label="${text(r.filters.label)}">` +
    LIST_TYPES.map(
      (t) =>
        `<button type="button" role="tab" aria-selected="${t === 'ALL'}" class="${t === 'ALL' ? 'lobby-tab lobby-tab--active' : 'lobby-tab'}">` +
        `${icon(TAB_ICONS[t])}${text(r.filters[t])}</button>`,
    ).join('') +
    `</div>`;
  const search =
    `<label class="lobby-search">${icon(ICONS.search)}<input maxlength="50" placeholder="${text(r.searchPlaceholder)}" ` +
    `aria-label="${text(r.searchPlaceholder)}" type="search" value=""></label>`;
  const classify = classifies.length
    ? `<div class="lobby-classify" role="group" aria-label="${text(r.classify)}">` +
      [{ key: 'ALL', displayName: r.filters.ALL }, ...classifies]
        .map((c) => `<button type="button" aria-pressed="${c.key === 'ALL'}">${text(c.displayName)}</button>`)
        .join('') +
      `</div>`
    : '';
  const grid = `<div class="lobby-grid">${list.games.map((g, i) => tile(g, i < FIRST_TILES, r)).join('')}</div>`;

  return (
    `<div class="lobby-root">` +
    `<header class="lobby-page-head"><a class="lobby-back" href="/">${icon(ICONS.chevronLeft)}${text(r.back)}</a>` +
    `<h1>${text(title)}</h1></header>` +
    `<h2 class="lobby-sr">${text(r.allGames)}</h2>` +
    `<div class="lobby-list">${vendorBar}<div class="lobby-list__bar">${tabs}${search}</div>${classify}${grid}</div>` +
    `</div>`
  );
}
