import { apiErrorSchema } from '@/server/http/contract';

/**
 * What a streamed multipart upload (receiveUpload) may be refused with, for a route's declared
 * responses: no file or an unreadable one (400), too large or more than one file (413), not the
 * kind of file the route takes (415), too many pixels (422), the client's or the shop's allowance
 * used up (429, with Retry-After) and the disk nearly full (503).
 */
export const uploadRefusalResponses = {
  400: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
} as const;
