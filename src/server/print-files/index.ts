export { detectPrintFile, looksLikeSvgDocument } from './detect';
export { printFileDownloadRoute, printFileRoutes } from './routes';
export { claimPrintFiles, orderPrintFiles, type ClaimedPrintFile } from './service';
