// The web-platform globals the contract uses, which browsers and Node.js 20 both have: its own compile
// (shared/api/tsconfig.json) has neither the DOM's types nor Node.js's, so that a contract module that
// reaches for `window`, `document`, `fetch` or a Node.js module fails it. Only what the contract calls is
// declared; the browser packages and the server compile the same modules against their own, fuller types.
// Not imported by any module: the browser's and the server's compiles never see these declarations.

type WebBufferSource = ArrayBuffer | ArrayBufferView;

interface WebCryptoKey {
  readonly type: string;
  readonly algorithm: unknown;
}

interface WebSubtleCrypto {
  digest(algorithm: string, data: WebBufferSource): Promise<ArrayBuffer>;
  importKey(
    format: 'raw' | 'spki',
    keyData: WebBufferSource,
    algorithm: string | { name: string; hash?: string },
    extractable: boolean,
    usages: string[],
  ): Promise<WebCryptoKey>;
  generateKey(algorithm: { name: string; length: number }, extractable: boolean, usages: string[]): Promise<WebCryptoKey>;
  exportKey(format: 'raw', key: WebCryptoKey): Promise<ArrayBuffer>;
  encrypt(
    algorithm: { name: string; iv?: WebBufferSource; additionalData?: WebBufferSource },
    key: WebCryptoKey,
    data: WebBufferSource,
  ): Promise<ArrayBuffer>;
  decrypt(algorithm: { name: string; iv?: WebBufferSource }, key: WebCryptoKey, data: WebBufferSource): Promise<ArrayBuffer>;
}

declare const crypto: {
  readonly subtle: WebSubtleCrypto;
  getRandomValues<T extends ArrayBufferView>(array: T): T;
};

declare function atob(data: string): string;
declare function btoa(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  decode(input?: WebBufferSource): string;
}

declare class URLSearchParams {
  constructor(init?: string[][] | Record<string, string> | string | URLSearchParams);
  entries(): IterableIterator<[string, string]>;
  get(name: string): string | null;
  toString(): string;
}
