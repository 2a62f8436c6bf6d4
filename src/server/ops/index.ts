/** Running the shop: readiness for load balancers (its routes, with health and metrics, are in ./routes). */
export { Readiness, type ReadinessAnswer } from './readiness';
export { BackupGate } from './backup-gate';
export { serveBackups } from './backup-socket';
export { backup, restore, type BackupSummary } from './archive';
export { PRIVATE_UMASK, tightenDataDir } from './private-files';
