import type { Migration } from './index';

/**
 * A game launched for real money can't outlive the sign-in that launched it (issue 16: a session
 * time limit "ends the session when reached", and a game page left open kept betting through the
 * wallet API for the whole day its wallet token lived).
 *
 * - wallet_sessions.session_token_hash: the sign-in a launch came from (null for the server's own
 *   short settlement sessions). A launch's wallet token expires with that sign-in, logging out ends
 *   it, and a session limit set or applied later shortens it with the sign-in.
 * - Nothing changes on the bet path: wallet_bet already refuses an expired or revoked wallet session.
 */
export const gameSessionsFollowSignin: Migration = {
  version: 27,
  name: 'game sessions follow the sign-in',
  sql: `
ALTER TABLE wallet_sessions ADD COLUMN session_token_hash text;
CREATE INDEX wallet_sessions_signin_idx ON wallet_sessions (session_token_hash) WHERE session_token_hash IS NOT NULL;
`,
};
