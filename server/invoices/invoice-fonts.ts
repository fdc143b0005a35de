import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * DejaVu Sans, regular and bold, embedded in every invoice. pdfkit's built-in fonts cover
 * Windows-1252 only, which would print ğ, ş, ı and İ of Turkish names as their base letters and
 * Arabic not at all; DejaVu covers Latin with Turkish and the Nordic letters, and Arabic with the
 * joining forms fontkit needs for shaping. Read once per process: every invoice embeds the same files.
 */
export interface InvoiceFonts {
  regular: Buffer;
  bold: Buffer;
}

let loaded: InvoiceFonts | undefined;

export function invoiceFonts(): InvoiceFonts {
  if (!loaded) {
    loaded = {
      regular: readFileSync(fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
      bold: readFileSync(fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
    };
  }
  return loaded;
}
