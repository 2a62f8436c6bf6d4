/** Production's public face: none yet for other domains (the board, blanks and job tickets are its routes, in ./routes). */
export { openJobStatuses } from './board';
