import type { SnapshotFrom } from 'xstate';
import type { DocumentType, PortalDocument } from '../../domain/types';
import type { DocumentsResource } from './documents.resource';

export type DocumentsSnapshot = SnapshotFrom<DocumentsResource>;
export type DocumentsStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

const NO_DOCUMENTS: readonly PortalDocument[] = Object.freeze([]);

/** Newest first, as the server sends them; the same empty array until loaded. */
export const selectDocuments = (s: DocumentsSnapshot): readonly PortalDocument[] =>
  s.context.value ?? NO_DOCUMENTS;

export const selectDocumentsStatus = (s: DocumentsSnapshot): DocumentsStatus => s.value as DocumentsStatus;

/** The documents of one type (null: all of them), in the server's order. */
export function selectDocumentsOfType(
  s: DocumentsSnapshot,
  type: DocumentType | null,
): readonly PortalDocument[] {
  const all = selectDocuments(s);
  return type === null ? all : all.filter((document) => document.type === type);
}

/**
 * The backend turned out to have no documents call (a capability it lacks): the screen says it is not
 * offered rather than offering Try again.
 */
export const selectDocumentsNotOffered = (s: DocumentsSnapshot): boolean => s.matches('unavailable');
