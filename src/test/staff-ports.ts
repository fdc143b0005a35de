import { createChosenFiles, type StaffPorts } from '../machines/staff';
import type { StaffApi } from '../services/api/staff';
import { createStaffSessionStore } from '../services/staff-session-store';
import { MemoryStorage } from './memoryStorage';

/** The staff area's ports for machine tests: the calls the test gives, storage in memory. */
export function testStaffPorts(
  overrides: Partial<Omit<StaffPorts, 'api'>> & { api?: Partial<StaffApi> } = {},
): StaffPorts & {
  storage: MemoryStorage;
} {
  const storage = new MemoryStorage();
  const { api, ...rest } = overrides;
  return {
    api: (api ?? {}) as StaffApi,
    sessions: createStaffSessionStore(() => storage),
    files: createChosenFiles(),
    saveFile: () => undefined,
    copyText: async () => undefined,
    storage,
    ...rest,
  };
}
