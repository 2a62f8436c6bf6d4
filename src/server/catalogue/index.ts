/**
 * The catalogue's public face: the store every price and page reads (the database's catalogue,
 * cached per instance), the shop's routes (/api/products) and the owner's (/api/admin/products).
 */
export { catalogueAdminRoutes } from './admin-routes';
export { CatalogueStore, type CatalogueSnapshot } from './store';
