/** The wire contract shared by the client and the server's answers. */

/** The platform's merchant code (the Merchant header of every call, and session storage's merchant codes). */
export const MERCHANT = 'KHELA';
export interface Envelope<T> {
  success: boolean;
  message: string;
  value: T;
  errorCode?: string;
}

export type SystemStatusCode = 0 | 1 | 2;

export interface SystemStatus {
  status: SystemStatusCode;
  ip: string;
  maintenance: boolean;
  regionRestriction: boolean;
}

export interface WhitelabelNode {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelNode[];
}

export interface CustomerServiceEntry {
  csType: string;
  path: string;
}

/** An operator-configured field rule (/wps/system/setting/register; @khela/validation applies it). */
export interface RegistrationFieldRule {
  field: string;
  enabled: boolean;
  required: boolean;
  patternId: string;
  /** a regular expression, or '*' for anything */
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
}

export interface PermissionInfo {
  customerService: CustomerServiceEntry[];
  domainRoute: unknown;
  resources: Record<string, { labelNameEn: string; url: string }[]>;
  whitelabel: WhitelabelNode[];
  registrationFieldRules: RegistrationFieldRule[];
  mainDomain: string;
  gtagId: string | null;
  location: { ip: string };
  imageCDNs: string[];
  launchGameCDNs: string[];
  maintenance: boolean;
  regionRestriction: boolean;
  supportHours?: string;
  /** the age the register form asks the player to confirm (18 or 21); 0 or absent: not asked */
  registrationAge?: 0 | 18 | 21;
  /** the dialing codes a mobile number may have (COUNTRYCODE3 on: the operator's; off: +880 only) */
  dialingCodes?: string[];
}

export interface MemberInfoDto {
  id: number | string;
  account: string;
  nickname: string;
  type: number;
}

/** The interface languages. */
export type Lang = 'BN' | 'EN';

/**
 * The one reading of a requested language (the Language header, a `lang` or `language` query, the
 * live channel's handshake, the language cookie): English when it says EN (EN, en, EN-GB), else
 * Bengali, the default.
 */
export function languageOf(asked: unknown): Lang {
  return typeof asked === 'string' && asked.trim().toUpperCase().startsWith('EN') ? 'EN' : 'BN';
}

/** Finds a whitelabel flag anywhere in the tree. */
export function isFlagEnabled(tree: WhitelabelNode[] | undefined, modId: string): boolean {
  for (const node of tree ?? []) {
    if (node.modId === modId) return node.enabled;
    if (isFlagEnabled(node.childrenNodes, modId)) return node.enabled;
  }
  return false;
}
