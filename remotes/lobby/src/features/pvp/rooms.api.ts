import { apiRequest } from '@khela/api-client';
import { ROOM_PATHS, type PvpRoom, type RoomListResponse } from '@khela/api/rooms';
import type { Lang } from '../../lib/api';

/** The visible PvP rooms (GLS2_roomList), names in the page's language. */
export function fetchRooms(lang: Lang, signal?: AbortSignal): Promise<RoomListResponse> {
  return apiRequest(ROOM_PATHS.roomList, { query: { language: lang }, signal });
}

/** The vendors that have rooms, in the list's (the vendors') order. */
export function roomVendors(list: PvpRoom[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const r of list) if (!seen.has(r.vassalage)) seen.set(r.vassalage, r.vendorName);
  return [...seen].map(([code, name]) => ({ code, name }));
}
