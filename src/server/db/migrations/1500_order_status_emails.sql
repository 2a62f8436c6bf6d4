-- Statuses the buyer hears about (issue: the print job, part 2).

-- What a status change recorded besides the step: the cancel reason, the date and amount received
-- when marked paid, the carrier and tracking number when shipped.
ALTER TABLE order_status_events ADD COLUMN details jsonb;

-- One buyer email per change that matters. `ref` tells two emails of one kind apart (the status
-- event or proof they are about), so a second proof gets its own email while a retried transaction
-- still cannot queue one twice.
ALTER TABLE email_outbox ADD COLUMN ref bigint;
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_order_id_kind_key;
CREATE UNIQUE INDEX email_outbox_order_kind_ref_idx ON email_outbox (order_id, kind, coalesce(ref, 0));
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'buyer_confirmation', 'shop_notice', 'payment_received', 'proof_ready', 'in_production', 'shipped',
  'cancelled', 'order_links'));

-- Cancelled orders leave the dashboard's turnover and average order value: the totals count only
-- orders that are not cancelled, and a status change moves an order in or out of them.
CREATE OR REPLACE FUNCTION order_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count + d.n, total_amount = t.total_amount + d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM new_rows
          WHERE status <> 'cancelled' GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count - d.n, total_amount = t.total_amount - d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM old_rows
          WHERE status <> 'cancelled' GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count + d.count_delta, total_amount = t.total_amount + d.delta
    FROM (SELECT (n.id % 16)::integer AS slot,
            sum(CASE WHEN n.status <> 'cancelled' THEN 1 ELSE 0 END
              - CASE WHEN o.status <> 'cancelled' THEN 1 ELSE 0 END) AS count_delta,
            sum(CASE WHEN n.status <> 'cancelled' THEN n.total_amount ELSE 0 END
              - CASE WHEN o.status <> 'cancelled' THEN o.total_amount ELSE 0 END) AS delta
          FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY 1) d
    WHERE t.slot = d.slot AND (d.delta <> 0 OR d.count_delta <> 0);
  RETURN NULL;
END;
$$;

UPDATE order_totals t SET order_count = coalesce(s.n, 0), total_amount = coalesce(s.total, 0)
  FROM (SELECT slot, n, total FROM generate_series(0, 15) AS slot
        LEFT JOIN (SELECT (id % 16)::integer AS s, count(*) AS n, sum(total_amount) AS total FROM orders
                   WHERE status <> 'cancelled' GROUP BY 1) x ON x.s = slot) s
  WHERE t.slot = s.slot;
