-- A checkout's two throttle takes (per client, then per recipient address) in one request to
-- take_allowances instead of two one after the other: one statement and one commit per checkout
-- where there were two (src/server/http/throttle.ts, takeAllowancesInTurn). A request may name
-- an earlier one of its group (`after`, its ord): it is taken only when that one was allowed, as
-- when the second statement ran only after the first said yes. A skipped request answers
-- allowed = false and retry_after = NULL and takes nothing. Everything else is as in 3300.
CREATE OR REPLACE FUNCTION take_allowances(requests jsonb)
RETURNS TABLE (ord integer, allowed boolean, retry_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  taken bigint;
  allowed_ords integer[] := '{}';
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM throttle_counters
    WHERE bucket IN (SELECT x.bucket FROM jsonb_to_recordset(requests) AS x (bucket text))
    ORDER BY bucket FOR UPDATE;
  FOR r IN SELECT * FROM jsonb_to_recordset(requests)
      AS x (ord integer, bucket text, amount bigint, max bigint, window_seconds integer, after integer)
      ORDER BY x.ord
  LOOP
    ord := r.ord;
    IF r.after IS NOT NULL AND NOT (r.after = ANY (allowed_ords)) THEN
      allowed := false;
      retry_after := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    taken := NULL;
    INSERT INTO throttle_counters AS t (bucket, expires_at, used)
      VALUES (r.bucket, now() + make_interval(secs => r.window_seconds), r.amount)
      ON CONFLICT (bucket) DO UPDATE SET
        used = CASE WHEN t.expires_at <= now() THEN excluded.used ELSE t.used + excluded.used END,
        expires_at = CASE WHEN t.expires_at <= now() THEN excluded.expires_at ELSE t.expires_at END
      WHERE t.expires_at <= now() OR t.used + excluded.used <= r.max
      RETURNING t.used INTO taken;
    allowed := taken IS NOT NULL;
    retry_after := 0;
    IF allowed THEN
      allowed_ords := allowed_ords || r.ord;
    ELSE
      SELECT greatest(1, ceil(extract(epoch FROM c.expires_at - now())))::bigint INTO retry_after
        FROM throttle_counters c WHERE c.bucket = r.bucket;
      retry_after := coalesce(retry_after, 1);
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
