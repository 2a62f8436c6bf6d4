/**
 * Unit tests run with the seeded catalogue on sale, as a shop does after its first start (the
 * server sets it from the database; the browser from the page's data).
 */
import { setCatalogue } from '@/shared/catalogue';
import { seedCatalogue } from '@/shared/catalogue-seed';

setCatalogue(seedCatalogue);
