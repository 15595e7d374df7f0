import type { Migration } from './index';

/**
 * The ledger's posting and the wallet API's bet as database functions (issue 9's throughput target).
 *
 * `ledger_post` is the one implementation of a posting: the TypeScript `post()` validates and orders
 * the legs, then makes this one call (one round trip instead of one per leg and statement).
 * `wallet_bet` is the seamless-wallet API's bet in one statement: the first answer to a repeated
 * transactionId, the session, the game, the claim of the transactionId, the early-rollback check,
 * the posting, the bet record and the answer. Both run in the caller's transaction (a single
 * statement is atomic by itself). Refusals the caller must roll back raise custom SQLSTATEs:
 * KH001 insufficient funds (DETAIL: the account and its balance as JSON), KH002 an idempotency key
 * reused for another movement, KH003 an unknown account.
 */
export const ledgerFunctions: Migration = {
  version: 10,
  name: 'ledger functions',
  sql: `
CREATE FUNCTION ledger_post(
  p_key text, p_kind text, p_member_id bigint, p_reference text, p_reverses_id bigint, p_memo text,
  p_created_by text, p_fingerprint text, p_meta jsonb,
  -- [{ "m": member id, "k": account kind, "v": vendor code, "h": house code, "a": account id, "amt": "poisha" }], in lock order
  p_legs jsonb
) RETURNS TABLE (transaction_id bigint, replayed boolean, created_at timestamptz, balances jsonb)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_tx bigint;
  v_created timestamptz;
  v_fp text;
  v_leg jsonb;
  v_amount bigint;
  v_acct bigint;
  v_bal bigint;
  v_member bigint;
  v_kind text;
  v_vendor text;
  v_ids bigint[] := '{}';
  v_amounts bigint[] := '{}';
  v_after bigint[] := '{}';
  v_balances jsonb := '[]'::jsonb;
BEGIN
  INSERT INTO ledger_transactions AS t (idempotency_key, kind, member_id, reference, reverses_id, memo, created_by, fingerprint, meta)
  VALUES (p_key, p_kind, p_member_id, p_reference, p_reverses_id, p_memo, p_created_by, p_fingerprint, p_meta)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING t.id, t.created_at INTO v_tx, v_created;

  IF v_tx IS NULL THEN
    SELECT t.id, t.fingerprint, t.created_at INTO v_tx, v_fp, v_created FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF v_fp IS DISTINCT FROM p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for another movement', p_key USING ERRCODE = 'KH002';
    END IF;
    RETURN QUERY
      SELECT v_tx, true, v_created, coalesce(jsonb_agg(jsonb_build_object(
               'accountId', a.id, 'memberId', a.member_id, 'kind', a.kind, 'vendor', a.vendor_code, 'balance', a.balance::text)
               ORDER BY e.id), '[]'::jsonb)
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE e.transaction_id = v_tx AND a.member_id IS NOT NULL;
    RETURN;
  END IF;

  FOR v_leg IN SELECT value FROM jsonb_array_elements(p_legs) LOOP
    v_amount := (v_leg->>'amt')::bigint;
    v_member := (v_leg->>'m')::bigint;
    v_kind := v_leg->>'k';
    v_vendor := v_leg->>'v';
    v_bal := NULL;
    IF v_leg->>'h' IS NOT NULL THEN
      SELECT a.id INTO v_acct FROM ledger_accounts a WHERE a.house_code = v_leg->>'h';
      IF v_acct IS NULL THEN RAISE EXCEPTION 'no house account %', v_leg->>'h' USING ERRCODE = 'KH003'; END IF;
    ELSE
      IF v_leg->>'a' IS NOT NULL THEN
        SELECT a.id, a.member_id, a.kind, a.vendor_code INTO v_acct, v_member, v_kind, v_vendor
          FROM ledger_accounts a WHERE a.id = (v_leg->>'a')::bigint;
        IF v_acct IS NULL THEN RAISE EXCEPTION 'no account %', v_leg->>'a' USING ERRCODE = 'KH003'; END IF;
      END IF;
      IF v_kind <> 'HOUSE' THEN
        UPDATE ledger_accounts a SET balance = a.balance + v_amount
         WHERE a.member_id = v_member AND a.kind = v_kind AND coalesce(a.vendor_code, '') = coalesce(v_vendor, '')
           AND a.balance + v_amount >= 0
        RETURNING a.id, a.balance INTO v_acct, v_bal;
        IF v_acct IS NULL OR v_bal IS NULL THEN
          IF v_amount > 0 THEN
            INSERT INTO ledger_accounts AS a (kind, member_id, vendor_code, balance) VALUES (v_kind, v_member, v_vendor, v_amount)
            ON CONFLICT (member_id, kind, coalesce(vendor_code, '')) WHERE member_id IS NOT NULL
            DO UPDATE SET balance = a.balance + EXCLUDED.balance
            RETURNING a.id, a.balance INTO v_acct, v_bal;
          ELSE
            SELECT a.balance INTO v_bal FROM ledger_accounts a
             WHERE a.member_id = v_member AND a.kind = v_kind AND coalesce(a.vendor_code, '') = coalesce(v_vendor, '');
            RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KH001',
              DETAIL = jsonb_build_object('memberId', v_member, 'kind', v_kind, 'vendor', v_vendor, 'balance', coalesce(v_bal, 0)::text)::text;
          END IF;
        END IF;
        v_balances := v_balances || jsonb_build_object(
          'accountId', v_acct, 'memberId', v_member, 'kind', v_kind, 'vendor', v_vendor, 'balance', v_bal::text);
      END IF;
    END IF;
    v_ids := v_ids || v_acct;
    v_amounts := v_amounts || v_amount;
    v_after := v_after || v_bal;
  END LOOP;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
  SELECT v_tx, x.id, x.amount, x.after FROM unnest(v_ids, v_amounts, v_after) AS x(id, amount, after);

  RETURN QUERY SELECT v_tx, false, v_created, v_balances;
END
$fn$;

CREATE FUNCTION wallet_bet(
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
BEGIN
  -- a repeated transactionId: the first answer
  SELECT w.status, w.balance_after INTO v_status, v_balance FROM wallet_transactions w
   WHERE w.vendor_code = p_vendor AND w.transaction_id = p_transaction_id AND w.status <> 'PENDING';
  IF FOUND THEN RETURN QUERY SELECT v_status, v_balance, NULL::bigint, NULL::bigint; RETURN; END IF;

  -- a live real-money session of this vendor
  SELECT s.member_id INTO v_member FROM wallet_sessions s
   WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.vendor_code = p_vendor
     AND s.account_type = 1 AND s.expires_at > now();
  IF v_member IS NULL THEN RETURN QUERY SELECT 'INVALID_TOKEN'::text, 0::bigint, NULL::bigint, NULL::bigint; RETURN; END IF;

  SELECT v.wallet_mode INTO v_mode FROM game_vendors v WHERE v.code = p_vendor;
  IF v_mode = 'TRANSFER' THEN v_kind := 'MEMBER_VENDOR'; v_wallet_vendor := p_vendor; ELSE v_kind := 'MEMBER_MAIN'; END IF;

  SELECT g.node_id, g.game_code, g.game_type INTO v_node, v_game, v_type FROM games g
   WHERE g.game_code = upper(p_game_code) AND g.vendor_code = p_vendor;
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
