-- Kids' sizes in group orders (issue 44, decision 0063): a member of a group for a kids' garment
-- enters one of the set's sizes (98/104–158/164), so an entry's size may be any garment size. The
-- size a member may choose is the group's product's set, checked by the routes; the CHECK keeps
-- out anything that is no size at all. Extended in place, as 4500_quotes.sql extends its lists.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'group_order_entries_size_check' AND conrelid = 'group_order_entries'::regclass;
  ALTER TABLE group_order_entries DROP CONSTRAINT group_order_entries_size_check;
  EXECUTE 'ALTER TABLE group_order_entries ADD CONSTRAINT group_order_entries_size_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''98/104''::text, ''110/116''::text, ''122/128''::text, ''134/140''::text, ''146/152''::text, ''158/164''::text, ');
END;
$$;
