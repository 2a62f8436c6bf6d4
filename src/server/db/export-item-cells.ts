import { sizeCodes } from '@/shared/sizes';

/**
 * The body of order_export_item_cells (migration 1850), written from sizes.ts: the items summary
 * ("120 × Hoodie (20 S, 50 M, 50 L), …") and one total per size, in sizes.ts order. The database
 * keeps the function's text as a migration wrote it; `export-item-cells.test.ts` compares the live
 * function with this text, so a size added to sizes.ts fails that test until a migration runs
 * `exportItemCellsFunctionSql()`'s output (CREATE OR REPLACE, then the stored column is rewritten
 * by `UPDATE orders SET items = items`).
 */
export function exportItemCellsBody(sizes: readonly string[] = sizeCodes): string {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const sized = sizes.map(
    (code) =>
      `          CASE WHEN (line -> 'sizes' ->> ${literal(code)})::integer > 0 THEN (line -> 'sizes' ->> ${literal(code)}) || ${literal(` ${code}`)} END`,
  );
  const totals = sizes.map(
    (code) => `      coalesce(sum((line -> 'sizes' ->> ${literal(code)})::integer), 0)::text`,
  );
  return `
BEGIN
  RETURN (
    SELECT ARRAY[
      string_agg((line ->> 'quantity') || ' × ' || (line ->> 'name') || CASE WHEN jsonb_typeof(line -> 'sizes') = 'object'
        THEN ' (' || concat_ws(', ',
${sized.join(',\n')}) || ')'
        ELSE '' END, ', ' ORDER BY n),
${totals.join(',\n')}
    ]
    FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n)
  );
END
`;
}

/** The statement a migration runs to define the function from sizes.ts. */
export function exportItemCellsFunctionSql(sizes: readonly string[] = sizeCodes): string {
  return `CREATE OR REPLACE FUNCTION order_export_item_cells(items jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$${exportItemCellsBody(sizes)}$$;
`;
}
