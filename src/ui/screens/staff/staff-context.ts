import { createContext, useContext } from 'react';
import type { StaffArea } from '../../../machines/staff';

export const StaffAreaContext = createContext<StaffArea | null>(null);

/** The staff area's running session and machine binder (staff-area.tsx provides them). */
export function useStaffArea(): StaffArea {
  const area = useContext(StaffAreaContext);
  if (!area) throw new Error('useStaffArea outside the staff area');
  return area;
}
