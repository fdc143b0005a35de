/** The files an issued document is served as. */
export type InvoiceFileKind = 'factur-x' | 'xrechnung' | 'print';

/** Room for a few hundred invoices' files (a Factur-X PDF of a page is some 40 kB). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The generated files of issued invoices and credit notes, by document id and kind of file, in
 * memory. An issued document never changes (a correction is a credit note of its own), so a file
 * generated once serves every later request of it; generating one takes a PDF rendering and an
 * e-invoice. Bounded by the bytes it holds: past `maxBytes` the file used longest ago goes first,
 * so its memory does not grow with the invoices' history. Each server process keeps its own; the
 * files are the same in all of them. A file asked for while it is being generated waits for that
 * generation; a failed one is not remembered.
 */
export class InvoiceFileCache {
  readonly maxBytes: number;
  // a Map iterates in insertion order: a file used again is moved to the end, the first is the oldest
  private readonly files = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor({ maxBytes = DEFAULT_MAX_BYTES }: { maxBytes?: number } = {}) {
    this.maxBytes = maxBytes;
  }

  get byteSize() {
    return this.bytes;
  }

  get entryCount() {
    return this.files.size;
  }

  /** The file of `kind` of document `id`: kept, being generated, or generated now by `generate`. */
  file(id: number, kind: InvoiceFileKind, generate: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const key = `${id}/${kind}`;
    const kept = this.files.get(key);
    if (kept) {
      this.files.delete(key);
      this.files.set(key, kept);
      return Promise.resolve(kept);
    }
    const running = this.pending.get(key);
    if (running) return running;
    const generation = generate()
      .then((file) => {
        this.keep(key, file);
        return file;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, generation);
    return generation;
  }

  private keep(key: string, file: Uint8Array) {
    if (file.byteLength > this.maxBytes) return;
    this.files.set(key, file);
    this.bytes += file.byteLength;
    for (const [oldest, dropped] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= dropped.byteLength;
    }
  }
}
