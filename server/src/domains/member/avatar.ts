// The member's avatar: initials on a colour derived from the id (no upload, no external image).

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const graphemes = (s: string): string[] =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

/** One or two initials: the first letters of the first two words (a Bengali cluster stays whole). */
export function initials(nickname: string): string {
  const words = nickname
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  // the first cluster of each word, without a trailing vowel sign (খা → খ; a conjunct like ক্ষ stays)
  const letters = words.slice(0, 2).map((w) => (graphemes(w)[0] ?? '').replace(/(?:(?![\u094D\u09CD])\p{M})+$/u, ''));
  return letters.join('').toLocaleUpperCase() || '?';
}

/** The hue of an id: the golden angle spreads consecutive ids around the colour wheel. */
export const hueOf = (id: number) => Math.round((id * 137.508) % 360);

export function avatarSvg(id: number, nickname: string): string {
  const text = escapeXml(initials(nickname));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${text}">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hueOf(id)},55%,42%)"/>` +
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" fill="#fff" ` +
    `font-family="'Noto Sans Bengali','Hind Siliguri',system-ui,sans-serif" font-size="${text.length > 1 ? 24 : 28}" font-weight="600">${text}</text></svg>`
  );
}

export const avatarDataUrl = (id: number, nickname: string) =>
  `data:image/svg+xml;base64,${Buffer.from(avatarSvg(id, nickname)).toString('base64')}`;
