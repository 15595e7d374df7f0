import type { Migration } from './index';

/**
 * The member's messages (issue 10, the member centre's messageV2 page): one row per recipient, so a
 * broadcast is as many rows as members and reading or deleting one never touches another's. The
 * content is rich text sanitised when written (sanitizeRichText); deleting only sets deleted_at.
 */
export const memberMessages: Migration = {
  version: 36,
  name: 'member messages',
  sql: `
CREATE TABLE member_messages (
  id          bigserial PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content     text NOT NULL CHECK (length(content) <= 20000),
  category    text NOT NULL DEFAULT 'SYSTEM' CHECK (category IN ('SYSTEM', 'PROMOTION', 'ACCOUNT')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz,
  deleted_at  timestamptz
);
CREATE INDEX member_messages_inbox_idx ON member_messages (member_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX member_messages_unread_idx ON member_messages (member_id) WHERE deleted_at IS NULL AND read_at IS NULL;
`,
};
