// Writes the SQL functions files that are made from the code's messages and sizes
// (src/server/db/export-item-cells.ts); export-item-cells.test.ts fails while one is out of step.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemsSummariesFunctionsFile } from '@/server/db/export-item-cells';
import { functionsDir } from '@/server/db/migrate';

const file = join(functionsDir, '0700_order_items_summaries.sql');
writeFileSync(file, itemsSummariesFunctionsFile());
process.stdout.write(`wrote ${file}\n`);
