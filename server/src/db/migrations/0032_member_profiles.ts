import type { Migration } from './index';

/**
 * The member's profile (issue 10, security centre): the fields the operator enables (setting
 * `memberProfile`), one row per member. The nickname stays in members.nickname; the other fields
 * are a JSON object of strings, checked by @khela/validation's profileSchema before they are stored.
 */
export const memberProfiles: Migration = {
  version: 32,
  name: 'member profiles',
  sql: `
CREATE TABLE member_profiles (
  member_id  bigint PRIMARY KEY REFERENCES members (id),
  fields     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(fields) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
