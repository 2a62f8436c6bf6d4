/**
 * A SQL string literal of a constant of ours (never of input a stranger controls, which goes in as
 * a parameter): quotes doubled; a backslash, CR or LF in an E'' escape. For SQL text stored or
 * written into files (functions files, migrations) and for labels in generated CASE expressions.
 */
export function textLiteral(text: string): string {
  if (!/[\r\n\\]/.test(text)) return `'${text.replace(/'/g, "''")}'`;
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return `E'${escaped}'`;
}
