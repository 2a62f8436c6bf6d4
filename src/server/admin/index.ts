/**
 * Admin's public face for other domains: list paging, the status-change guard type, device-counter
 * cleanup, the login throttle and sessions (staff's own PIN change uses them) and CSV rows. Its
 * routes are in ./routes.
 */
export { encodeCursor, type Cursor } from './order-query';
/** The job's state machine lives with the orders (transition); the guard's type is named here for the app. */
export type { StatusGuard } from '@/server/orders';
export { deleteExpiredDevices, mayAuditThrottled, reservePinChange } from './throttle';
export { createSession as startSession, deleteAllSessions, sessionCookieOptions } from './sessions';
export { csvRow } from './csv';
