import { atom, createStore } from 'jotai';
import type { MemberInfoDto, PermissionInfo } from '@khela/api';
import { isAgentType, isTrialType } from './roles';

export interface LoginState {
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  userInfo: { userName: string } | null;
  member: MemberInfoDto | null;
  firstTimeLogin: boolean;
}

export const GUEST: LoginState = {
  isLogin: false,
  isAgent: false,
  isTrial: false,
  userInfo: null,
  member: null,
  firstTimeLogin: false,
};

export function loginStateFor(member: MemberInfoDto, firstTimeLogin = false): LoginState {
  return {
    isLogin: true,
    isAgent: isAgentType(member.type),
    isTrial: isTrialType(member.type),
    userInfo: { userName: member.account },
    member,
    firstTimeLogin,
  };
}

/** 'pending' until the start-up token check has finished; guards wait for it. */
export type SessionPhase = 'pending' | 'ready';

export const loginStateAtom = atom<LoginState>(GUEST);
export const sessionPhaseAtom = atom<SessionPhase>('pending');

/** The spec's public state. Its balance is `balanceAtom` (./live): poisha as strings, never a number. */
export interface PublicState {
  currencySymbol: string;
  hasVip: boolean;
  vipLabelName: string | null;
  vipRankLevel: number | null;
  availablePromoCount: number;
  unreadMessage: number;
  referralEnabled: boolean;
}

export const publicStateAtom = atom<PublicState>({
  currencySymbol: '৳',
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: null,
  availablePromoCount: 0,
  unreadMessage: 0,
  referralEnabled: false,
});

export const sideMenuOpenAtom = atom(false);

/** The one store of the page. The shell provides it; remotes reach it through the shared
 * singleton of this package, so importing it by package name is the only correct way. */
export const sessionStore = createStore();

/** The page-wide loader the flows show while they wait (login, logout); hidden after navigation. */
export const pageLoaderAtom = atom(false);

/** The server's permission info (flags, customer service, field rules), loaded once at start. */
export const permissionAtom = atom<PermissionInfo | null>(null);

/**
 * Play is paused (responsible gambling: a reality check waits for the member's answer). The game
 * page starts no round while it is true.
 */
export const playPausedAtom = atom(false);
