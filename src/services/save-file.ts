/** A file ready to hand to the browser: its content, the name it is saved under and its type. */
export interface FileToSave {
  content: string | Uint8Array | Blob;
  fileName: string;
  mimeType: string;
}

/**
 * Hands a file to the browser's download (spec point 2: the product list CSV; the quick-order
 * files): an object URL, a click on a download link, the URL released once the click is done.
 * Throws when the browser refuses (a denied download permission surfaces as `NotAllowedError`).
 */
export function saveFile({ content, fileName, mimeType }: FileToSave): void {
  const blob = content instanceof Blob ? content : new Blob([content as BlobPart], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
