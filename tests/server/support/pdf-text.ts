import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, as pdf.js (the reader Firefox uses) extracts it: one text item
 * per line of the result, in the order they were drawn. A reader's view rather than the bytes:
 * what a bookkeeper copying figures out of the file would get.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's bytes intact
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.trim() !== '')
          .join('\n'),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
