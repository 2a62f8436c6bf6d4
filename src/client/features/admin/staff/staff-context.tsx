import { createContext, useContext, type ReactNode } from 'react';
import { roleMay, type AdminSessionAnswer, type RoleSet } from '@/shared/staff';

type SignedIn = AdminSessionAnswer['staff'];

const StaffContext = createContext<SignedIn | null>(null);

/** Who is logged in (from GET /api/admin/session), for the pages to show only what the role may do. */
export function StaffProvider({ staff, children }: { staff: SignedIn; children: ReactNode }) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

export function useSignedIn(): SignedIn {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useSignedIn outside the admin session');
  return staff;
}

/**
 * Whether the person's role may use an area (the same sets the server's route table uses). The
 * server refuses anyway; this only keeps the page from offering what would be refused.
 */
export function useMay(set: RoleSet): boolean {
  return roleMay(useSignedIn().role, set);
}
