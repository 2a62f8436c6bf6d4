-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The net of
-- the documents issued each Stockholm day, reminders left out, in 16 slots by the document's id
-- (migrations/6900_document_net_days.sql says why): kept by statement triggers on documents.
CREATE OR REPLACE FUNCTION document_net_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_net_days AS t (day, slot, net)
    SELECT issued_on, (id % 16)::smallint, sum(net) FROM new_rows WHERE kind <> 'reminder' GROUP BY 1, 2
    ON CONFLICT (day, slot) DO UPDATE SET net = t.net + EXCLUDED.net;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION document_net_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_net_days AS t (day, slot, net)
    SELECT issued_on, (id % 16)::smallint, -sum(net) FROM old_rows WHERE kind <> 'reminder' GROUP BY 1, 2
    ON CONFLICT (day, slot) DO UPDATE SET net = t.net + EXCLUDED.net;
  RETURN NULL;
END;
$$;

-- A document's amounts, day and kind do not change once issued, but its snapshot is written when it
-- is first rendered: a row trigger on the three columns (a statement trigger with transition tables
-- can take no column list, and would copy every updated row, snapshot and all). Should one change,
-- the old row is taken out and the new one put in.
CREATE OR REPLACE FUNCTION document_net_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_net_days AS t (day, slot, net)
    SELECT day, (NEW.id % 16)::smallint, sum(net) FROM (
        SELECT NEW.issued_on AS day, NEW.net AS net WHERE NEW.kind <> 'reminder'
        UNION ALL
        SELECT OLD.issued_on, -OLD.net WHERE OLD.kind <> 'reminder') AS change
      GROUP BY 1 HAVING sum(net) <> 0
    ON CONFLICT (day, slot) DO UPDATE SET net = t.net + EXCLUDED.net;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER document_net_days_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_net_days_after_insert();
CREATE OR REPLACE TRIGGER document_net_days_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_net_days_after_delete();
CREATE OR REPLACE TRIGGER document_net_days_update AFTER UPDATE OF issued_on, net, kind ON documents FOR EACH ROW
  WHEN (OLD.issued_on IS DISTINCT FROM NEW.issued_on OR OLD.net IS DISTINCT FROM NEW.net OR OLD.kind IS DISTINCT FROM NEW.kind)
  EXECUTE FUNCTION document_net_days_after_update();
