import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server may send compressed; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|webmanifest|txt|xml)$/i;
/**
 * Below this a variant saves a few dozen bytes, less than a header line. Compressing costs nothing
 * per request here, so the floor is lower than the 1 kB of the JSON answers: the login route's
 * 1 kB runtime chunk is worth it.
 */
const MIN_BYTES = 256;

export interface PrecompressedFile {
  /** the path relative to the directory, with forward slashes */
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // dist/.vite holds the manifest, read by scripts and never served
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(join(dir, entry.name), relative)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) found.push(relative);
  }
  return found;
}

/** Writes `compressed` as `path` when it is smaller than the original, and removes a stale one when not. */
async function keepIfSmaller(path: string, compressed: Buffer, originalBytes: number) {
  if (compressed.length < originalBytes) {
    await writeFile(path, compressed);
    return compressed.length;
  }
  await rm(path, { force: true });
  return undefined;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file
 * of `dir` of at least 256 bytes, keeping a variant only when it is smaller than the original. The
 * server picks one per request (server/http/compress-static.ts), so the highest levels cost build
 * time once instead of CPU on every answer. Source maps are left alone: they are never served.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = await filesUnder(dir);
  return Promise.all(
    files.map(async (file): Promise<PrecompressedFile> => {
      const path = join(dir, file);
      const content = await readFile(path);
      if (content.length < MIN_BYTES) {
        await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
        return { file, bytes: content.length };
      }
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file,
        bytes: content.length,
        br: await keepIfSmaller(`${path}.br`, br, content.length),
        gzip: await keepIfSmaller(`${path}.gz`, gz, content.length),
      };
    }),
  );
}

/** Precompresses the build output once the bundle (and the public/ files) are written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // after every other plugin's writeBundle, in case one rewrites a file
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const results = await precompressDirectory(outDir);
        const before = results.reduce((sum, result) => sum + result.bytes, 0);
        const brotliBytes = results.reduce((sum, result) => sum + (result.br ?? result.bytes), 0);
        this.info(
          `precompressed ${results.filter((result) => result.br || result.gzip).length} of ${results.length} files: ` +
            `${(before / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
