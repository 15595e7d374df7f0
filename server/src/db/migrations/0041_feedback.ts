import type { Migration } from './index';

/**
 * Feedback (issue 10, PUT /wps/feedback): the member's text and up to 3 PNG or JPEG images kept in
 * the database (checked by their bytes), read by operators (`npm run ops -- feedback`).
 */
export const feedback: Migration = {
  version: 41,
  name: 'feedback',
  sql: `
CREATE TABLE feedback (
  id         bigserial PRIMARY KEY,
  member_id  bigint NOT NULL REFERENCES members (id),
  content    text NOT NULL CHECK (length(content) BETWEEN 1 AND 20000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC);
CREATE TABLE feedback_images (
  id           bigserial PRIMARY KEY,
  feedback_id  bigint NOT NULL REFERENCES feedback (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  file_name    text NOT NULL,
  data         bytea NOT NULL CHECK (octet_length(data) <= 5242880)
);
CREATE INDEX feedback_images_feedback_idx ON feedback_images (feedback_id);
`,
};
