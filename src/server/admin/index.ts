/** Admin's public face for other domains: list paging, the status-change guard type and device-counter cleanup. Its routes are in ./routes. */
export { encodeCursor, type Cursor, type StatusGuard } from './orders';
export { deleteExpiredDevices } from './throttle';
