/** The formats a camera reports a code in (the Barcode Detection API's names, zxing's mapped to them). */
export type ScanFormat = 'ean_8' | 'upc_e' | 'ean_13' | 'upc_a' | 'code_128' | 'itf';

/** Why the camera gives no picture: the browser has none, the buyer refused it, or it failed to start. */
export type CameraProblem = 'noCamera' | 'denied' | 'failed';

/** What the camera reader tells the scan chart (the chart's own events of the same names). */
export type CameraReport =
  | { type: 'scan.cameraReady' }
  | { type: 'scan.cameraFailed'; problem: CameraProblem }
  | { type: 'scan.detected'; text: string; format?: ScanFormat };

/** The formats a product's case or unit carries: EAN/UPC on units, ITF-14 and GS1-128 on cases. */
export const SCAN_FORMATS: readonly ScanFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'itf'];

const BY_PLAIN_NAME: Record<string, ScanFormat> = {
  ean13: 'ean_13',
  ean8: 'ean_8',
  upca: 'upc_a',
  upce: 'upc_e',
  code128: 'code_128',
  itf: 'itf',
  itf14: 'itf',
};

/** A decoder's name of a format ("EAN-13", "EAN13", "ean_13", "ITF-14") in the Barcode Detection API's words. */
export function scanFormatOf(name: string): ScanFormat | undefined {
  return BY_PLAIN_NAME[name.toLowerCase().replace(/[^a-z0-9]/g, '')];
}
