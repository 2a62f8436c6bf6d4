/** A plain-text table: first row is the header; columns padded to their widest cell. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map(String));
  const widths =
    cells[0]?.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  if (!header) return '';
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
