import type { FastifyInstance } from 'fastify';
import { BADGE_KINDS, type BadgeKind, type UnreadCountDto } from '@khela/api/member-centre';
import type { Queryable } from '../../db/db';

/** Counts one badge of one member (e.g. their unread messages). */
export type BadgeCounter = (q: Queryable, memberId: number) => Promise<number>;

/**
 * The member centre's unread badges (mission, message, reward). Each is counted by the domain that
 * owns it, registered here with `registerBadgeCounter`; a badge no domain counts yet (missions and
 * rewards until promotions exist) is 0. `push` sends the member's counts to their open pages.
 */
export interface BadgeRegistry {
  register(kind: BadgeKind, counter: BadgeCounter): void;
  counts(memberId: number): Promise<UnreadCountDto>;
  /** Counts again and pushes the `badges` event to every connection of the member. */
  push(memberId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The member centre's unread badges (domains/centre/badges.ts). */
    badges: BadgeRegistry;
  }
}

export function createBadgeRegistry(app: FastifyInstance): BadgeRegistry {
  const counters = new Map<BadgeKind, BadgeCounter>();
  const registry: BadgeRegistry = {
    register(kind, counter) {
      if (counters.has(kind)) throw new Error(`a badge counter for ${kind} is registered already`);
      counters.set(kind, counter);
    },
    async counts(memberId) {
      const entries = await Promise.all(
        BADGE_KINDS.map(async (kind) => {
          const counter = counters.get(kind);
          const n = counter ? await counter(app.db, memberId) : 0;
          return [kind, Math.max(0, Math.trunc(n))] as const;
        }),
      );
      return Object.fromEntries(entries) as UnreadCountDto;
    },
    async push(memberId) {
      if (!app.live.enabled) return;
      app.live.toMember(memberId, 'badges', await registry.counts(memberId));
    },
  };
  return registry;
}

/** Registers the counter of one badge (one per badge, by the domain that owns its items). */
export function registerBadgeCounter(app: FastifyInstance, kind: BadgeKind, counter: BadgeCounter): void {
  app.badges.register(kind, counter);
}
