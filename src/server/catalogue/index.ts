/**
 * The catalogue's public face: the store every price and page reads (the database's catalogue,
 * cached per instance). Its routes (/api/products, the owner's /api/admin/products) are in
 * routes.ts, for the app only.
 */
export { CatalogueStore, type CatalogueSnapshot } from './store';
