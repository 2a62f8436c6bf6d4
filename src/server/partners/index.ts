/** Partner applications as other domains read them (the admin list). Its routes are in ./routes. */
export { listApplications, listApplicationsQuery } from './store';
