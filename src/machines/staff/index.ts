import type { ImportJob } from '../../services/api/staff';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';
import type { StaffPorts } from './staff-ports';

export { importKinds, importModes, integrationScopes } from '../../services/api/wire/staff';
export { apiKeysMachine, bindApiKeys } from './api-keys.machine';
export { bindImportUpload, importUploadMachine } from './import-upload.machine';
export { createStaffArea, type StaffArea, startStaffArea } from './staff-area.actor';
export type { StaffPorts } from './staff-ports';
export { staffSessionMachine } from './staff-session.machine';

/** The recent import jobs of the staff console's list (newest first). */
export const importJobsResource = createResourceMachine<ImportJob[]>('importJobs');

export const bindImportJobs = ({ api }: StaffPorts) =>
  bindResource(importJobsResource, (signal) => api.importJobs({ signal }));
export * from './api-keys.selectors';
export * from './import-upload.selectors';
export * from './staff-session.selectors';
