/**
 * A Content-Disposition header that every browser reads: a plain ASCII `filename` (anything else
 * replaced, so no quote or line break can break out of it) and the exact name as RFC 5987's
 * `filename*` (UTF-8, percent-encoded), which browsers prefer when they understand it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
