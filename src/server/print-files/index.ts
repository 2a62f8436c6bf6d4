/** Print files' public face for other domains: detection, claiming files for an order and listing them. Its routes are in ./routes. */
export { detectPrintFile, looksLikeSvgDocument } from './detect';
export {
  checkPrintFiles,
  conversionFeeLine,
  orderPrintFiles,
  printFileFactsSql,
  printFilesOfOrders,
  lateFileNotes,
  type LateFileNote,
  recordPrintFilesSql,
  type ClaimedPrintFile,
  type PrintFileOfOrder,
} from './service';
export {
  addPrintFileAnswerSchema,
  orderPrintFileSchema,
  printFileAnswerSchema,
  supplementaryInvoiceSchema,
} from './contract';
