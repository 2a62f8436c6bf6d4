/** Serving the single-page app: server-rendered pages, their status, SEO files and the not-found report. */
export { isPageRequest, pageStatus, serveSpa } from './serve';
export { seoRoutes } from './seo';
export { notFoundReportRoute } from './not-found-report';
