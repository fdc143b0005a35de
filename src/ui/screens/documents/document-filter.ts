import type { DocumentType } from '../../../domain/types';

/** The query parameter that holds the type filter (`/documents/?type=price_list`). */
export const DOCUMENT_TYPE_PARAMETER = 'type';

/** Every type, in the order the filter offers them. */
const shownTypes = [
  'price_list',
  'data_sheet',
  'terms',
  'certificate',
  'invoice',
] as const satisfies readonly DocumentType[];
// a new DocumentType must get its place in the filter: this stops compiling until it has one
const everyTypeShown: Exclude<DocumentType, (typeof shownTypes)[number]> extends never ? true : never = true;
void everyTypeShown;

/** The filter the address names; anything else (none, an unknown word) shows all documents. */
export function documentTypeFromSearch(search: string): DocumentType | null {
  const type = new URLSearchParams(search).get(DOCUMENT_TYPE_PARAMETER);
  return shownTypes.find((known) => known === type) ?? null;
}

/** The filter's choices in the order shown: All (null) first, then every type. */
export const documentFilterChoices: ReadonlyArray<DocumentType | null> = [null, ...shownTypes];
