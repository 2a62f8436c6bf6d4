import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@/shared/staff';

/** Who a live admin session belongs to (set by the admin scope's session check). */
export interface SessionStaff {
  id: number;
  name: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The person logged in, on every /api/admin route (null elsewhere). */
    staff: SessionStaff | null;
  }
}

/** The person making an admin request; every /api/admin route has one (the session check set it). */
export function staffOf(request: FastifyRequest): SessionStaff {
  if (!request.staff)
    throw new Error(`No staff member on ${request.method} ${request.url}: not an admin route?`);
  return request.staff;
}
