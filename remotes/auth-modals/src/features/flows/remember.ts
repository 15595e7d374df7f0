// Remember-me: the username (and the SMS number with its dialing code) for one day, plus a
// device-bound remember token the server issued. Never a password: the original platform kept the
// password in a cookie; here a stolen remember token works only with this browser's device id,
// once, for at most a day.
import { REMEMBER_MS } from '@khela/api/auth';

const DEVICE_KEY = 'khelaDevice';
const REMEMBER_KEY = 'khelaRemember';

export interface Remembered {
  username?: string;
  rememberToken?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  /** ms since epoch */
  expires: number;
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A random id this browser keeps; the server binds remember tokens to it. */
export function deviceId(): string {
  const s = local();
  let id = s?.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    s?.setItem(DEVICE_KEY, id);
  }
  return id;
}

export function readRemembered(now = Date.now()): Remembered | null {
  try {
    const r = JSON.parse(local()?.getItem(REMEMBER_KEY) ?? 'null') as Remembered | null;
    if (!r || typeof r.expires !== 'number' || r.expires <= now) {
      local()?.removeItem(REMEMBER_KEY);
      return null;
    }
    return r;
  } catch {
    return null;
  }
}

/** Keeps what the player asked to remember for one day from now (merged with what is kept). */
export function remember(next: Omit<Remembered, 'expires'>, now = Date.now()): void {
  const kept = readRemembered(now) ?? {};
  local()?.setItem(REMEMBER_KEY, JSON.stringify({ ...kept, ...next, expires: now + REMEMBER_MS }));
}

export function forget(): void {
  local()?.removeItem(REMEMBER_KEY);
}

/** Drops only the token (refused by the server): the username stays as a convenience. */
export function forgetToken(): void {
  const r = readRemembered();
  if (r) local()?.setItem(REMEMBER_KEY, JSON.stringify({ ...r, rememberToken: undefined }));
}
