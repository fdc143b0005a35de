export {
  type BarcodeScanEvent,
  barcodeScanMachine,
  bindBarcodeScan,
  type ScanFound,
  type ScanResult,
} from './barcode-scan.machine';
export {
  type ScanStep,
  selectCameraProblem,
  selectCanConfirm,
  selectCanUseCamera,
  selectCodeProblem,
  selectScanFound,
  selectScannedCode,
  selectScanQuantityText,
  selectScanResult,
  selectScanStep,
  selectScanUnit,
  selectTypedCode,
} from './barcode-scan.selectors';
export { watchCameraStream } from './camera-preview';
