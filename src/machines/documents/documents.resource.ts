import type { PortalDocument } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';
import { untilAborted } from '../kernel/until-aborted';

/**
 * /documents/: the supplier's published files for this customer and the company's
 * invoices, newest first. The generic lazy resource, created by the screen (not the app): the list is
 * only needed there, is fetched afresh on each visit (a new invoice shows without a reload) and goes
 * with the screen, so sign-out has nothing to clear.
 */
export const documentsResource = createResourceMachine<PortalDocument[]>('documents');

export type DocumentsResource = typeof documentsResource;

/** The list with its call and the error reporter bound (spec point 8: a failed load is reported). */
export const bindDocuments = ({ api }: Ports) =>
  provideReporting(
    bindResource(documentsResource, (signal) => untilAborted(signal, api.documents({ signal }))),
    api,
  );
