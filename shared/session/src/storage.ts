/** Session storage keys of the spec. Logout clears everything but the merchant codes. */
export const SESSION_KEYS = {
  token: 'token',
  nickname: 'nickname',
  account: 'account',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  gameVendor: 'gameVendor',
  hotGames: 'HOT_GAMES',
  validate: 'validate',
  merchantWallet: 'merchantWallet',
  consolidated: 'consolidated',
  enableSalary: 'enableSalary',
  enableContract: 'enableContract',
} as const;

const KEPT_ON_LOGOUT = [SESSION_KEYS.merchant, SESSION_KEYS.merchantCode];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives in memory only
  }
}

export function readSession(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeSession(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

export const getToken = (): string | null => readSession(SESSION_KEYS.token);
export const setToken = (token: string | null): void => writeSession(SESSION_KEYS.token, token);

/** Clears the session storage except the merchant codes (the spec's logout rule). */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  const kept = KEPT_ON_LOGOUT.map((k) => [k, s.getItem(k)] as const);
  s.clear();
  for (const [k, v] of kept) if (v !== null) s.setItem(k, v);
}
