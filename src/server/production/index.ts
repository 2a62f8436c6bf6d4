/**
 * Production's public face: the open job statuses, and the job ticket's and packing list's renderers for the document
 * worker threads (the board, blanks and job tickets are its routes, in ./routes).
 */
export { openJobStatuses } from './board';
export { renderJobTicket, type JobTicketInput, type JobTicketTask } from './job-ticket';
export { renderPackingList, type PackingListTask } from './packing-list';
