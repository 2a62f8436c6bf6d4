-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The throttles'
-- allowances in one statement. History: 3300, 3600, 3900.

-- The checkout takes its two throttle allowances (per client, per recipient address) in the same
-- statement that stores the order (src/server/orders/order-writer.ts), where it took them in a
-- statement and commit of their own first: one round trip and one commit per group of checkouts
-- instead of two, each one waiting for the statement in flight before it.
--
-- take_allowances_within is take_allowances (3600) without its relaxed commit, so that it can run
-- inside a caller's transaction: the order's statement must commit durably, and
-- synchronous_commit set locally would have made the order's own commit asynchronous too.
-- take_allowances keeps its behaviour (a throttle that stands alone may lose a count in a crash;
-- it commits without waiting for the disk) and runs the same function.
CREATE OR REPLACE FUNCTION take_allowances_within(requests jsonb)
RETURNS TABLE (ord integer, allowed boolean, retry_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  taken bigint;
  allowed_ords integer[] := '{}';
BEGIN
  PERFORM 1 FROM throttle_counters
    WHERE bucket IN (SELECT x.bucket FROM jsonb_to_recordset(requests) AS x (bucket text))
    ORDER BY bucket FOR UPDATE;
  -- A checkout group asks the same two buckets (the client's, the address's) once per order: when
  -- every bucket is there (locked above, so nobody changes it meanwhile) and all the group asks
  -- for fits in each, one update per bucket takes it all, where the loop below writes a row version
  -- per request. The answers are the loop's: every request allowed. Otherwise the loop decides.
  IF NOT EXISTS (
    SELECT 1
    FROM (SELECT x.bucket, sum(x.amount) AS need, min(x.max) AS max
          FROM jsonb_to_recordset(requests) AS x (bucket text, amount bigint, max bigint)
          GROUP BY x.bucket) asked
    LEFT JOIN throttle_counters c ON c.bucket = asked.bucket
    WHERE c.bucket IS NULL
       OR (CASE WHEN c.expires_at <= now() THEN 0 ELSE c.used END) + asked.need > asked.max
  ) THEN
    UPDATE throttle_counters c SET
      used = CASE WHEN c.expires_at <= now() THEN asked.need ELSE c.used + asked.need END,
      expires_at = CASE WHEN c.expires_at <= now()
        THEN now() + make_interval(secs => asked.window_seconds) ELSE c.expires_at END
    FROM (SELECT x.bucket, sum(x.amount) AS need, min(x.window_seconds) AS window_seconds
          FROM jsonb_to_recordset(requests) AS x (bucket text, amount bigint, window_seconds integer)
          GROUP BY x.bucket) asked
    WHERE c.bucket = asked.bucket;
    RETURN QUERY SELECT x.ord, true, 0::bigint
      FROM jsonb_to_recordset(requests) AS x (ord integer) ORDER BY x.ord;
    RETURN;
  END IF;
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

CREATE OR REPLACE FUNCTION take_allowances(requests jsonb)
RETURNS TABLE (ord integer, allowed boolean, retry_after bigint)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY SELECT * FROM take_allowances_within(requests);
END
$$;
