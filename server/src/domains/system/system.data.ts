import type { Queryable } from '../../db/db';
import type { Resource, SystemSettings } from '../../services/settings';
import { isIpAllowed } from './ip-allow';

import type { RegistrationFieldRule, WhitelabelNode } from '@khela/api/contract';

export type { RegistrationFieldRule, WhitelabelNode };

/** 0 normal, 1 maintenance, 2 region restricted; maintenance wins over region. */
export function systemStatusCode(settings: SystemSettings, ip: string): 0 | 1 | 2 {
  if (settings.maintenance) return 1;
  if (settings.regionRestriction && !isIpAllowed(ip, settings.regionAllowList ?? [])) return 2;
  return 0;
}

export async function loadWhitelabelTree(q: Queryable): Promise<WhitelabelNode[]> {
  const rows = await q.query<{ mod_id: string; parent_mod_id: string | null; enabled: boolean }>(
    'SELECT mod_id, parent_mod_id, enabled FROM whitelabel_flags ORDER BY sort, mod_id',
  );
  const nodes = new Map(
    rows.map((r) => [r.mod_id, { modId: r.mod_id, enabled: r.enabled, childrenNodes: [] as WhitelabelNode[] }]),
  );
  const roots: WhitelabelNode[] = [];
  for (const r of rows) {
    const parent = r.parent_mod_id ? nodes.get(r.parent_mod_id) : undefined;
    (parent ? parent.childrenNodes : roots).push(nodes.get(r.mod_id)!);
  }
  return roots;
}

export function loadRegistrationRules(q: Queryable): Promise<RegistrationFieldRule[]> {
  return q.query<RegistrationFieldRule>(
    `SELECT field, enabled, required, pattern_id AS "patternId", accepted_pattern AS "acceptedPattern",
            min_length AS "minLength", max_length AS "maxLength"
       FROM registration_field_rules ORDER BY sort, field`,
  );
}

export const API_BASE = '/wps';

/** Where the client should talk to: decided by the server (the spec leaves it open). */
export function domainRoute(settings: SystemSettings) {
  return { mainDomain: settings.mainDomain, domains: settings.domains ?? [settings.mainDomain], apiBase: API_BASE };
}

export function groupResources(resources: Resource[]): Record<string, { labelNameEn: string; url: string }[]> {
  const groups: Record<string, { labelNameEn: string; url: string }[]> = {};
  for (const { resourceType, labelNameEn, url } of resources ?? []) (groups[resourceType] ??= []).push({ labelNameEn, url });
  return groups;
}
