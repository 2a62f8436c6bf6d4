/**
 * Production's public face: the open job statuses, and the job ticket's renderer for the document
 * worker threads (the board, blanks and job tickets are its routes, in ./routes).
 */
export { openJobStatuses } from './board';
export { renderJobTicket, type JobTicketInput, type JobTicketTask } from './job-ticket';
