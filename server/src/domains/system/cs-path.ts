/**
 * The customer-service path travels encrypted, its last 8 characters being the key. One
 * implementation (WebCrypto) serves the server, which encrypts, and the browser, which decrypts.
 */
export { decryptCsPath, encryptCsPath } from '@khela/api/cs-path';
