import type { Config } from './config';
import type { CatalogueStore } from './catalogue';
import type { Database } from './db/client';

/**
 * Everything a domain's routes need. Passed explicitly: the server keeps no state of its own. Its
 * own module so the app (which builds it) and the routes (which take it) never import each other.
 */
export interface AppContext {
  config: Config;
  database: Database;
}

/** The context of the routes that price or edit products: the catalogue as the database holds it. */
export interface CatalogueContext extends AppContext {
  catalogue: CatalogueStore;
}
