-- Throttle allowances taken in groups (src/server/http/throttle.ts): the requests that arrive
-- while one statement is in flight go together in the next, one round trip and one commit for
-- all, where each checkout took its per-client and per-address allowance in a statement and a
-- commit of its own (two commits per order, one after the other on the same hot rows).
-- Each request is taken in arrival order exactly as one takeAllowance statement takes it alone, so
-- the answers are the ones the requests would have had one after the other. The rows the group
-- already has are locked first, in bucket order, so two groups on two instances cannot deadlock.
-- The group commits without waiting for its WAL to reach the disk (synchronous_commit off for this
-- transaction only): a crash of the database can forget the last moments of counting, a harmless
-- loss for a throttle, and the next synchronous commit (an order) flushes it anyway. The order
-- itself still waits for its commit to be durable before the buyer gets the 201.
CREATE FUNCTION take_allowances(requests jsonb)
RETURNS TABLE (ord integer, allowed boolean, retry_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  taken bigint;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM throttle_counters
    WHERE bucket IN (SELECT x.bucket FROM jsonb_to_recordset(requests) AS x (bucket text))
    ORDER BY bucket FOR UPDATE;
  FOR r IN SELECT * FROM jsonb_to_recordset(requests)
      AS x (ord integer, bucket text, amount bigint, max bigint, window_seconds integer) ORDER BY x.ord
  LOOP
    taken := NULL;
    INSERT INTO throttle_counters AS t (bucket, expires_at, used)
      VALUES (r.bucket, now() + make_interval(secs => r.window_seconds), r.amount)
      ON CONFLICT (bucket) DO UPDATE SET
        used = CASE WHEN t.expires_at <= now() THEN excluded.used ELSE t.used + excluded.used END,
        expires_at = CASE WHEN t.expires_at <= now() THEN excluded.expires_at ELSE t.expires_at END
      WHERE t.expires_at <= now() OR t.used + excluded.used <= r.max
      RETURNING t.used INTO taken;
    ord := r.ord;
    allowed := taken IS NOT NULL;
    retry_after := 0;
    IF NOT allowed THEN
      SELECT greatest(1, ceil(extract(epoch FROM c.expires_at - now())))::bigint INTO retry_after
        FROM throttle_counters c WHERE c.bucket = r.bucket;
      retry_after := coalesce(retry_after, 1);
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
