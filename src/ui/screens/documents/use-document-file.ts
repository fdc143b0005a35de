import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { PortalDocument } from '../../../domain/types';
import { bindDocumentFile, type DocumentFileMode } from '../../../machines/document-file.machine';
import {
  selectDocumentFileBusyMode,
  selectDocumentFileFailed,
  selectDocumentFileMode,
} from '../../../machines/document-file.selectors';
import { useBoundMachine } from '../../hooks/use-app-actor';

/** How long a file's object URL lives: long enough for the new tab or the download to read it. */
const FILE_URL_LIFETIME_MS = 60_000;

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
  const file = useActorRef(useBoundMachine(bindDocumentFile), { input: { document } });
  const busyMode = useSelector(file, selectDocumentFileBusyMode);
  const failed = useSelector(file, selectDocumentFileFailed);
  const lastMode = useSelector(file, selectDocumentFileMode);
  const pendingTab = useRef<Window | null>(null);

  useEffect(() => {
    const ready = file.on('documentFile.ready', ({ url, mode, fileName }) => {
      const tab = pendingTab.current;
      pendingTab.current = null;
      if (mode === 'download') {
        tab?.close();
        saveFile(url, fileName);
      } else if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);
    });
    return () => ready.unsubscribe();
  }, [file]);

  useEffect(() => {
    if (failed) {
      pendingTab.current?.close();
      pendingTab.current = null;
    }
  }, [failed]);

  function openTabFor(mode: DocumentFileMode) {
    if (mode !== 'open') return;
    pendingTab.current = window.open('', '_blank');
    if (pendingTab.current) pendingTab.current.opener = null;
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
