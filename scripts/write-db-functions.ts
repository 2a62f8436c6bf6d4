// Writes the SQL functions files that are made from the code's messages, sizes and the export's
// cells (src/server/db/export-item-cells.ts, src/server/admin/order-export-lines.ts);
// export-item-cells.test.ts and order-export-lines.test.ts fail while one is out of step.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportLinesFunctionsFile } from '@/server/admin/order-export-lines';
import { itemsSummariesFunctionsFile } from '@/server/db/export-item-cells';
import { functionsDir } from '@/server/db/migrate';

for (const [name, text] of [
  ['0700_order_items_summaries.sql', itemsSummariesFunctionsFile()],
  ['0800_order_export_lines.sql', exportLinesFunctionsFile()],
] as const) {
  const file = join(functionsDir, name);
  writeFileSync(file, text);
  process.stdout.write(`wrote ${file}\n`);
}
