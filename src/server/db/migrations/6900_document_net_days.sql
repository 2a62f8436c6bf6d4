-- The dashboard's net turnover of the year (src/server/admin/order-stats.ts) summed the year's
-- documents at every read: at 10 000 000 orders with their ledger that is every document of the
-- year read from a table of 24 GB, and the bench's stats read (budget: p95 under 50 ms) did not
-- answer within its measuring window (docs/performance.md, round 4). Now kept per Stockholm day in
-- 16 slots by statement triggers on documents (functions/0900_document_net_days.sql), as
-- order_totals keeps the order count (0300): a read sums at most 366 × 16 rows, and two checkouts
-- at once write different slots (the document's id modulo 16) rather than wait for one row.
-- Reminders are no sale (Årsredovisningslagen 1995:1554, 1 kap. 3 §; their fee and interest are
-- booked to 3930 and 8313) and are not counted.
CREATE TABLE document_net_days (
  day date NOT NULL,
  slot smallint NOT NULL CHECK (slot >= 0 AND slot < 16),
  net numeric(20, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, slot)
);

INSERT INTO document_net_days (day, slot, net)
  SELECT issued_on, (id % 16)::smallint, sum(net) FROM documents WHERE kind <> 'reminder' GROUP BY 1, 2;
