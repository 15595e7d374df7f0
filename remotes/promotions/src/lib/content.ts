import { type Announcement, type AnnouncementsResponse } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { FIRST_REQUESTS } from '@khela/api/first-data';
import type { HelpCentreValue } from '@khela/api/content';

export type Lang = 'BN' | 'EN';
export const langOf = (language: string | undefined): Lang => (language?.toLowerCase().startsWith('en') ? 'EN' : 'BN');

// the same requests the origin answers inside the page for /helpmc, /notice and /noticecontent
// (first-data.ts), so the first view needs no API call

export const fetchHelp = (lang: Lang, signal: AbortSignal) => {
  const r = FIRST_REQUESTS.help(lang);
  return apiRequest<HelpCentreValue>(r.path, { query: r.query, signal });
};

/** The player notices (news), in the operators' order. */
export const fetchNotices = async (lang: Lang, signal: AbortSignal): Promise<Announcement[]> => {
  const r = FIRST_REQUESTS.notices(lang);
  return (await apiRequest<AnnouncementsResponse>(r.path, { query: r.query, signal })).playerNotices;
};

/** The notice list shows this many titles a page (the spec's notice modal). */
export const NOTICES_PER_PAGE = 9;
