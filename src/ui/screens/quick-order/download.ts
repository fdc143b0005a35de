import type { QuickOrderDownload } from '../../../machines/quick-order-files.machine';

/** Hands a written file to the browser's download (an object URL, released once the click is done). */
export function saveDownload({ bytes, fileName, mimeType }: QuickOrderDownload): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
