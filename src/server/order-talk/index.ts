/**
 * Notes and messages on an order (issue 41): the admin's order view and the buyer's order page
 * read them here, the job ticket its production notes. Its routes are in ./routes.
 */
export { messageFileOf, notesOf, productionNotesOf, threadOf, type TalkReader } from './service';
export { eraseOrderMessages, ERASED_MESSAGE } from './erasure';
