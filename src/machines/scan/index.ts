export {
  barcodeScanMachine,
  bindBarcodeScan,
  type ScanFound,
  type ScanResult,
} from './barcode-scan.machine';
export {
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
