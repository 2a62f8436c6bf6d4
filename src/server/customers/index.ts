/** The customer ledger (kundreskontra) and statements (kontoutdrag); its routes are in ./routes. */
export { customerLedger, customerList, type CustomerLedgerFull } from './ledger';
export { queueStatement, sentStatement, statementPdf } from './statement';
