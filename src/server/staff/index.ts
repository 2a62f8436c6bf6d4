/**
 * Staff's public face for other domains: who is logged in (staffOf), the one audit writer
 * (recordAudit, called in the same transaction as the change), PIN hashing and lookup, and the
 * admin routes' role table. Its routes (staff, audit, own PIN, order history) are in ./routes.
 */
export { activeStaffSql, staffNamesSql } from './facts';
export { listAudit, recordAudit, type AuditEntry } from './audit';
export {
  findStaffByPin,
  generatePin,
  GENERATED_PIN_DIGITS,
  hashPin,
  syncOwnerPin,
  verifyPin,
  type StaffWithPin,
} from './pins';
export { staffOf, type SessionStaff } from './request';
export {
  mayCall,
  rolesFor,
  routeKey,
  routeRoles,
  trackAdminRoutes,
  type RegisteredRoute,
} from './route-roles';
