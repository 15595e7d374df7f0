/**
 * The storefront's content (issue 13), as both sides of the wire see it: help-centre articles and
 * the operators' announcement records. Rich text (`content`) is sanitised by the server to an
 * allow-list of formatting, links and images, so the page may render it as HTML.
 */

export type HelpDevice = 'ALL' | 'WEB' | 'MOBILE';

/** One section of the help centre (`section` is its anchor: #term scrolls to the terms). */
export interface HelpArticle {
  id: number;
  section: string;
  title: string;
  content: string;
}

/** `/wps/system/helpCenter` and `getHelpV2`: the articles in the language asked for, in order. */
export interface HelpCentreValue {
  lang: 'BN' | 'EN';
  device: HelpDevice;
  articles: HelpArticle[];
}

export type AnnouncementType = 'B' | 'PL' | 'PU' | 'PR';
export type ExecutionCode = 'A' | 'B' | 'F';

/** An announcement as operators write it (/ops/content/announcements): both languages. */
export interface AnnouncementInput {
  type: AnnouncementType;
  groupName?: string | null;
  execution?: ExecutionCode | null;
  titleEn: string;
  titleBn?: string | null;
  contentEn?: string;
  contentBn?: string | null;
  link?: string | null;
  promotionType?: string | null;
  sort?: number;
  active?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}

export interface AnnouncementRecord extends Required<Omit<AnnouncementInput, 'groupName' | 'execution'>> {
  id: number;
  groupName: string | null;
  execution: ExecutionCode | null;
  createdAt: string;
}

/** The help centre's sections the storefront knows (an operator may add others). */
export const HELP_TERMS_SECTION = 'term';
