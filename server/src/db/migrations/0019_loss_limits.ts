import type { Migration } from './index';

/**
 * Responsible gambling, second part (issue 16): loss limits stop bets in the wallet API's hot path.
 *
 * wallet_bet as migration 0012 left it, plus one step before the posting: a member with a loss
 * limit (rg_profiles.loss_limited, migration 0013) whose net loss in a rolling window plus this stake
 * would pass the limit gets the distinct status LIMIT_REACHED (kept as the answer to that
 * transactionId, like every refusal). An excluded member's bet is refused the same way (their wallet
 * sessions are revoked at once anyway). Members without a profile row pay one primary-key lookup.
 */
export const lossLimits: Migration = {
  version: 19,
  name: 'loss limits in wallet_bet',
  sql: `
CREATE OR REPLACE FUNCTION wallet_bet(
  p_vendor text, p_token_hash text, p_transaction_id text, p_round_id text, p_game_code text, p_amount bigint
) RETURNS TABLE (status text, balance bigint, member_id bigint, ledger_transaction_id bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_status text;
  v_balance bigint;
  v_member bigint;
  v_mode text;
  v_node bigint;
  v_game text;
  v_type text;
  v_kind text;
  v_wallet_vendor text;
  v_post record;
  v_limited boolean;
  v_excluded boolean;
  v_day bigint;
  v_week bigint;
  v_month bigint;
BEGIN
  -- a repeated transactionId: the first answer
  SELECT w.status, w.balance_after INTO v_status, v_balance FROM wallet_transactions w
   WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id AND w.status <> 'PENDING';
  IF FOUND THEN RETURN QUERY SELECT v_status, v_balance, NULL::bigint, NULL::bigint; RETURN; END IF;

  -- a live real-money session of this vendor, the vendor's wallet mode and the game, in one lookup
  SELECT s.member_id, v.wallet_mode, g.node_id, g.game_code, g.game_type
    INTO v_member, v_mode, v_node, v_game, v_type
    FROM wallet_sessions s
    JOIN game_vendors v ON v.code = s.vendor_code
    LEFT JOIN games g ON g.game_code = upper(p_game_code) AND g.vendor_code = s.vendor_code
   WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.vendor_code = p_vendor
     AND s.account_type = 1 AND s.expires_at > now();
  IF v_member IS NULL THEN RETURN QUERY SELECT 'INVALID_TOKEN'::text, 0::bigint, NULL::bigint, NULL::bigint; RETURN; END IF;
  IF v_mode = 'TRANSFER' THEN v_kind := 'MEMBER_VENDOR'; v_wallet_vendor := p_vendor; ELSE v_kind := 'MEMBER_MAIN'; END IF;

  IF v_node IS NULL OR p_amount <= 0 THEN
    SELECT a.balance INTO v_balance FROM ledger_accounts a
     WHERE a.member_id = v_member AND a.kind = v_kind AND coalesce(a.vendor_code, '') = coalesce(v_wallet_vendor, '');
    RETURN QUERY SELECT 'BAD_REQUEST'::text, coalesce(v_balance, 0), v_member, NULL::bigint;
    RETURN;
  END IF;

  -- claim the transactionId (a concurrent twin waits here, then finds the answer)
  INSERT INTO wallet_transactions (vendor_code, transaction_id, kind, member_id, round_id, game_code, amount, status, balance_after)
  VALUES (p_vendor, p_transaction_id, 'BET', v_member, p_round_id, v_game, p_amount, 'PENDING', 0)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT w.status, w.balance_after INTO v_status, v_balance FROM wallet_transactions w
     WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id;
    RETURN QUERY SELECT v_status, v_balance, v_member, NULL::bigint;
    RETURN;
  END IF;

  -- rolled back before it arrived
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.vendor_code = p_vendor AND w.reference_transaction_id = p_transaction_id
                AND w.kind = 'ROLLBACK' AND w.status = 'OK') THEN
    SELECT a.balance INTO v_balance FROM ledger_accounts a
     WHERE a.member_id = v_member AND a.kind = v_kind AND coalesce(a.vendor_code, '') = coalesce(v_wallet_vendor, '');
    UPDATE wallet_transactions w SET status = 'ALREADY_ROLLED_BACK', balance_after = coalesce(v_balance, 0)
     WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id;
    RETURN QUERY SELECT 'ALREADY_ROLLED_BACK'::text, coalesce(v_balance, 0), v_member, NULL::bigint;
    RETURN;
  END IF;

  -- responsible gambling (issue 16): the member's own loss limits. Everyone pays one primary-key
  -- lookup (no row: no limit); only a member with a loss limit pays more: the profile row is locked,
  -- so the member's parallel bets queue and cannot pass the limit together, then the net loss
  -- (stakes minus payouts, rolled-back bets not counted) of the rolling 24 hours, 7 days and 30 days
  -- is summed from the member's bets (bet_records_member_idx) and the stake must fit under each.
  SELECT p.loss_limited, (p.excluded_kind IS NOT NULL AND (p.excluded_until IS NULL OR p.excluded_until > now()))
    INTO v_limited, v_excluded FROM rg_profiles p WHERE p.member_id = v_member;
  IF v_limited OR v_excluded THEN
    PERFORM 1 FROM rg_profiles p WHERE p.member_id = v_member FOR UPDATE;
    SELECT coalesce(sum(b.stake - b.payout) FILTER (WHERE b.placed_at > now() - interval '24 hours'), 0),
           coalesce(sum(b.stake - b.payout) FILTER (WHERE b.placed_at > now() - interval '7 days'), 0),
           coalesce(sum(b.stake - b.payout), 0)
      INTO v_day, v_week, v_month
      FROM bet_records b
     WHERE b.member_id = v_member AND b.placed_at > now() - interval '30 days' AND b.status <> 'ROLLED_BACK';
    IF v_excluded OR EXISTS (
         SELECT 1 FROM rg_limits l
          WHERE l.member_id = v_member AND l.kind = 'LOSS' AND l.amount IS NOT NULL
            AND (CASE l.period WHEN 'DAY' THEN v_day WHEN 'WEEK' THEN v_week ELSE v_month END) + p_amount > l.amount) THEN
      SELECT a.balance INTO v_balance FROM ledger_accounts a
       WHERE a.member_id = v_member AND a.kind = v_kind AND coalesce(a.vendor_code, '') = coalesce(v_wallet_vendor, '');
      UPDATE wallet_transactions w SET status = 'LIMIT_REACHED', balance_after = coalesce(v_balance, 0)
       WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id;
      RETURN QUERY SELECT 'LIMIT_REACHED'::text, coalesce(v_balance, 0), v_member, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  SELECT * INTO v_post FROM ledger_post(
    'wallet:' || p_vendor || ':' || p_transaction_id, 'BET', v_member, p_transaction_id, NULL, NULL, 'vendor:' || p_vendor,
    md5('BET|' || v_member || '|' || v_kind || '|' || coalesce(v_wallet_vendor, '') || '|' || p_amount),
    jsonb_build_object('roundId', p_round_id, 'gameCode', v_game),
    jsonb_build_array(
      jsonb_build_object('m', v_member, 'k', v_kind, 'v', v_wallet_vendor, 'amt', (-p_amount)::text),
      jsonb_build_object('h', 'GAME_REVENUE', 'amt', p_amount::text)));
  v_balance := (v_post.balances->0->>'balance')::bigint;

  INSERT INTO bet_records (member_id, vendor_code, node_id, game_code, game_type, round_id, bet_transaction_id, wallet, stake, status)
  VALUES (v_member, p_vendor, v_node, v_game, v_type, p_round_id, p_transaction_id,
          CASE WHEN v_kind = 'MEMBER_VENDOR' THEN 'VENDOR' ELSE 'MAIN' END, p_amount, 'OPEN');

  UPDATE wallet_transactions w SET status = 'OK', balance_after = v_balance, ledger_transaction_id = v_post.transaction_id
   WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id;

  RETURN QUERY SELECT 'OK'::text, v_balance, v_member, v_post.transaction_id;
END
$fn$;
`,
};
