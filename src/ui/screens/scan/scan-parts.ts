import type { ActorRefFrom } from 'xstate';
import type { barcodeScanMachine } from '../../../machines/scan';

/** The running scan a step of the dialog reads and sends to. */
export type ScanRef = ActorRefFrom<typeof barcodeScanMachine>;

export const secondaryButton =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line px-4 font-medium hover:bg-surface-sunken';
export const primaryButton =
  'tap-target inline-flex items-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60';
