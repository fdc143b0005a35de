import type { ImportJob } from '../../services/api/staff';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';
import type { StaffPorts } from './staff-ports';

/** The recent import jobs of the staff console's list (newest first). */
export const importJobsResource = createResourceMachine<ImportJob[]>('importJobs');

export const bindImportJobs = ({ api }: StaffPorts) =>
  bindResource(importJobsResource, (signal) => api.importJobs({ signal }));
