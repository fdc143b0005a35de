import type { StaffApi } from '../../services/api/staff';
import type { FileToSave } from '../../services/save-file';
import type { StaffSessionStore } from '../../services/staff-session-store';

/**
 * What the staff area's composition root (src/ui/screens/staff/staff-area.tsx) hands to its binders:
 * the I/O its machines' actors and actions close over. Never in a machine's context.
 */
export interface StaffPorts {
  api: StaffApi;
  sessions: StaffSessionStore;
  /**
   * The files chosen for an upload, by id: a File is not plain data, so the upload machine keeps the
   * id, name and size, and its bound actor reads the file from here (a retry sends the same file).
   */
  files: ChosenFiles;
  saveFile: (file: FileToSave) => void;
  copyText: (text: string) => Promise<void>;
}

export interface ChosenFiles {
  /** keeps the file, answering its id */
  keep(file: Blob): string;
  get(id: string): Blob | undefined;
}

export function createChosenFiles(): ChosenFiles {
  const files = new Map<string, Blob>();
  let next = 0;
  return {
    keep(file) {
      next += 1;
      const id = `file-${next}`;
      // one upload form at a time: an older choice is never sent again
      files.clear();
      files.set(id, file);
      return id;
    },
    get: (id) => files.get(id),
  };
}
