import type { Migration } from './index';

/**
 * Live chat (issue 13): a member's conversation with customer service on one topic (the spec's CBS_*
 * "model"), its messages from either side. A member has at most one open conversation; operators
 * close it. Messages are plain text (rendered as text, never as HTML).
 */
export const liveChat: Migration = {
  version: 50,
  name: 'live chat',
  sql: `
CREATE TABLE chat_conversations (
  id              bigserial PRIMARY KEY,
  member_id       bigint NOT NULL REFERENCES members (id),
  model_code      text NOT NULL CHECK (model_code IN ('GENERAL', 'DEPOSIT', 'WITHDRAWAL', 'ACCOUNT')),
  status          text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  closed_at       timestamptz
);
CREATE UNIQUE INDEX chat_conversations_open_idx ON chat_conversations (member_id) WHERE status = 'OPEN';
CREATE INDEX chat_conversations_recent_idx ON chat_conversations (status, last_message_at DESC);
CREATE TABLE chat_messages (
  id              bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  sender          text NOT NULL CHECK (sender IN ('MEMBER', 'OPERATOR')),
  body            text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
`,
};
