import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { PortalDocument } from '../../../domain/types';
import {
  bindDocumentFile,
  type DocumentFileMode,
  selectDocumentFileBusyMode,
  selectDocumentFileFailed,
  selectDocumentFileMode,
} from '../../../machines/documents';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { releaseLater, usePendingTab } from '../../hooks/use-pending-tab';

/** Saves the file under its name, as a link with `download` does (the URL is our own object URL). */
function saveFile(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * One document's Open and Download: the file needs the bearer token, so the machine fetches it and
 * hands over an object URL. For Open the tab is opened during the click (a later window.open would be
 * blocked as a pop-up) and pointed at the file once it is there; Download saves it under its name.
 */
export function useDocumentFile(document: PortalDocument) {
  const file = useActorRef(useBoundMachine(bindDocumentFile), {
    ...usePortalInspection(),
    input: { document },
  });
  const busyMode = useSelector(file, selectDocumentFileBusyMode);
  const failed = useSelector(file, selectDocumentFileFailed);
  const lastMode = useSelector(file, selectDocumentFileMode);
  const tab = usePendingTab(failed);

  useEffect(() => {
    const ready = file.on('documentFile.ready', ({ url, mode, fileName }) => {
      if (mode === 'open') return tab.show(url);
      tab.discard();
      saveFile(url, fileName);
      releaseLater(url);
    });
    return () => ready.unsubscribe();
  }, [file, tab]);

  function openTabFor(mode: DocumentFileMode) {
    if (mode === 'open') tab.open();
  }

  return {
    busyMode,
    failed,
    request(mode: DocumentFileMode) {
      openTabFor(mode);
      file.send({ type: 'documentFile.requested', mode });
    },
    /** repeats the last request; Open needs its tab opened during this click too */
    retry() {
      if (lastMode) openTabFor(lastMode);
      file.send({ type: 'documentFile.retried' });
    },
  };
}
