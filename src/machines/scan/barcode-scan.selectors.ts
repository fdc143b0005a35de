import type { SnapshotFrom } from 'xstate';
import type { barcodeScanMachine, ScanFound, ScanResult } from './barcode-scan.machine';

export type BarcodeScanSnapshot = SnapshotFrom<typeof barcodeScanMachine>;

/** Which step the dialog shows. */
export type ScanStep =
  | 'starting'
  | 'scanning'
  | 'typing'
  | 'badCode'
  | 'lookingUp'
  | 'lookupFailed'
  | 'unknown'
  | 'found'
  | 'done'
  | 'cancelled';

export const selectScanStep = (s: BarcodeScanSnapshot): ScanStep => {
  if (s.matches({ camera: 'starting' })) return 'starting';
  if (s.matches({ camera: 'scanning' })) return 'scanning';
  return s.value as Exclude<ScanStep, 'starting' | 'scanning'>;
};

/** Why typing replaced the camera, if it did: the dialog says so and offers no camera again. */
export const selectCameraProblem = (s: BarcodeScanSnapshot) => s.context.cameraProblem;
/** "Scan again" is offered only while the camera can start. */
export const selectCanUseCamera = (s: BarcodeScanSnapshot): boolean => s.context.cameraProblem === null;
export const selectTypedCode = (s: BarcodeScanSnapshot): string => s.context.typed;
/** The code as read or typed, for "No product has the code …" and "Looking up …". */
export const selectScannedCode = (s: BarcodeScanSnapshot): string => s.context.code;
export const selectCodeProblem = (s: BarcodeScanSnapshot) => s.context.problem;
export const selectScanFound = (s: BarcodeScanSnapshot): ScanFound | null => s.context.found;
export const selectScanUnit = (s: BarcodeScanSnapshot): number | null => s.context.unit;
export const selectScanQuantityText = (s: BarcodeScanSnapshot): string => s.context.quantityText;
/** Confirm is enabled only for a whole quantity of one or more. */
export const selectCanConfirm = (s: BarcodeScanSnapshot): boolean => s.can({ type: 'scan.confirmed' });
/** What the host takes once the buyer confirmed. */
export const selectScanResult = (s: BarcodeScanSnapshot): ScanResult | null => s.context.result;
