/**
 * @khela/games-math: the platform's own games, as pure functions shared by the server (which
 * plays the rounds) and the browser (which draws them and verifies them). No Node or DOM API:
 * HMAC-SHA256 and SHA-256 come in as functions (`@khela/games-math/node` for the server,
 * `webCryptoHmac()` / `webCryptoSha256` for the browser). See docs/studio-api.md.
 */
export * from './andarbahar';
export * from './cards';
export * from './dice';
export * from './engine-types';
export * from './engines';
export * from './lottery';
export * from './fair';
export * from './rational';
export * from './slot';
export { HmacSha256, sha256Sync, toHex, utf8 } from './sha256';
