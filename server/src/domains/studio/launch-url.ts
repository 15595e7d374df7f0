/**
 * A connected vendor's launch address: an operator's template with placeholders the launch fills
 * in, e.g. `https://games.vendor.example/launch?token={token}&game={gameCode}&lang={lang}`.
 */
export const LAUNCH_PLACEHOLDERS = ['token', 'gameCode', 'lang', 'currency', 'mode'] as const;
export type LaunchPlaceholder = (typeof LAUNCH_PLACEHOLDERS)[number];
export type LaunchValues = Record<LaunchPlaceholder, string>;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const SAMPLE: LaunchValues = { token: 'sample-token', gameCode: 'GAME_0001', lang: 'en', currency: 'BDT', mode: 'REAL' };

/** Why a template cannot be used, or null when it can. */
export function launchTemplateProblem(template: string): string | null {
  if (template.length < 10 || template.length > 2048) return 'The launch URL must be 10 to 2048 characters';
  if (/\s/.test(template)) return 'The launch URL must not contain spaces';
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((name) => !(LAUNCH_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length) return `Unknown placeholder {${unknown[0]}}: use ${LAUNCH_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  if (template.replace(PLACEHOLDER, '').match(/[{}]/)) return 'An unmatched { or } in the launch URL';
  if (!template.includes('{token}')) return 'The launch URL must carry the wallet token: add {token}';
  let url: URL;
  try {
    url = new URL(fillLaunchUrl(template, SAMPLE));
  } catch {
    return 'The launch URL is not an absolute address';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)))
    return 'The launch URL must use https (http only for localhost)';
  if (url.username || url.password) return 'The launch URL must not carry a user name or password';
  return null;
}

/** The template with each placeholder replaced by its URL-encoded value. */
export function fillLaunchUrl(template: string, values: LaunchValues): string {
  return template.replace(PLACEHOLDER, (_, name: LaunchPlaceholder) => encodeURIComponent(values[name]));
}
