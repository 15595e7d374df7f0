/** A client seed: 1 to 64 printable ASCII characters without spaces (the rule of @khela/games-math). */
export const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
export const isClientSeed = (s: string) => CLIENT_SEED.test(s);

/** A server seed or a SHA-256: 64 hexadecimal characters. */
export const HEX64 = /^[0-9a-f]{64}$/i;

/** A fresh random client seed (16 random bytes, hex), from the browser's CSPRNG. */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
