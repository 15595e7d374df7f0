import type { Migration } from './index';

/**
 * The help centre's articles (issue 13): per section, language and device, kept by operators
 * (/ops/content/help) instead of four paragraphs compiled into the storefront. `content` is rich
 * text, sanitised to an allow-list before it is stored (and again when served).
 */
export const helpCentre: Migration = {
  version: 28,
  name: 'help centre',
  sql: `
CREATE TABLE help_articles (
  id         bigserial PRIMARY KEY,
  section    text NOT NULL CHECK (section ~ '^[a-z0-9-]{1,32}$'),
  lang       text NOT NULL CHECK (lang IN ('BN', 'EN')),
  device     text NOT NULL DEFAULT 'ALL' CHECK (device IN ('ALL', 'WEB', 'MOBILE')),
  title      text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content    text NOT NULL CHECK (length(content) <= 65536),
  sort       integer NOT NULL DEFAULT 0,
  active     boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'seed',
  UNIQUE (section, lang, device)
);
CREATE INDEX help_articles_lang_idx ON help_articles (lang, sort, id) WHERE active;

-- who changed the storefront's content, what and when (operators' announcements and help articles)
CREATE TABLE content_audit (
  id     bigserial PRIMARY KEY,
  at     timestamptz NOT NULL DEFAULT now(),
  actor  text NOT NULL,
  action text NOT NULL,
  detail jsonb NOT NULL
);
`,
};
