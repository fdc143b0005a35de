import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import * as z from 'zod/mini';
import { isFlowScreenVariant } from '../../src/domain/flow-screen-variants';
import {
  FLOW_NAME_MAX,
  type FlowScreensManifest,
  flowMachinePattern,
  flowScreensManifestWire,
  flowStatePattern,
  flowVersionPattern,
} from '../../src/services/api/wire/flow-screens';

/**
 * The screenshots `npm run flows:screens` leaves on disk:
 * `<dir>/<machine>/<version>/manifest.json` and `<dir>/<machine>/<version>/<stateId>/<variant>.<ext>`.
 * Every name that reaches a path is checked against its pattern first, and the joined path must
 * still lie inside the folder, so no request reads anything else.
 */

const fits = (pattern: RegExp, value: string) => value.length <= FLOW_NAME_MAX && pattern.test(value);

export const isFlowMachine = (value: string) => fits(flowMachinePattern, value);
export const isFlowVersion = (value: string) => fits(flowVersionPattern, value);
export const isFlowState = (value: string) => fits(flowStatePattern, value);

/** The forms a shot may be stored in, smallest first (the script keeps PNG when it cannot convert). */
const imageTypes = [
  { extension: 'webp', contentType: 'image/webp' },
  { extension: 'jpg', contentType: 'image/jpeg' },
  { extension: 'png', contentType: 'image/png' },
] as const;

/** `parts` joined under `dir`, or undefined when the result would leave it. */
function inside(dir: string, ...parts: string[]): string | undefined {
  const root = resolve(dir);
  const path = resolve(root, ...parts);
  return path.startsWith(root + sep) ? path : undefined;
}

const missing = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

async function readManifest(path: string): Promise<FlowScreensManifest | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
  try {
    const parsed = z.safeParse(flowScreensManifestWire, JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: reported below like a manifest of the wrong shape
  }
  console.warn(`flow screens: ${path} is not a screenshot manifest; left out`);
  return undefined;
}

/** The machine's manifests, newest first; none when nothing was taken yet. */
export async function listManifests(dir: string, machine: string): Promise<FlowScreensManifest[]> {
  const machineDir = isFlowMachine(machine) ? inside(dir, machine) : undefined;
  if (!machineDir) return [];
  let versions: string[];
  try {
    versions = (await readdir(machineDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && isFlowVersion(entry.name))
      .map((entry) => entry.name);
  } catch (error) {
    if (missing(error)) return [];
    throw error;
  }
  const manifests = await Promise.all(
    versions.map((version) => readManifest(join(machineDir, version, 'manifest.json'))),
  );
  return (
    manifests
      // a manifest copied into another machine's or version's folder would describe other pictures
      .filter(
        (manifest, index): manifest is FlowScreensManifest =>
          manifest !== undefined && manifest.machine === machine && manifest.version === versions[index],
      )
      .sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt) || b.version.localeCompare(a.version))
  );
}

export interface FlowScreenImage {
  path: string;
  contentType: string;
  size: number;
  modifiedMs: number;
}

export interface FlowScreenKey {
  machine: string;
  version: string;
  stateId: string;
  variant: string;
}

/** The stored shot of one state in one variant; undefined for a malformed name or a shot not taken. */
export async function findImage(dir: string, key: FlowScreenKey): Promise<FlowScreenImage | undefined> {
  const { machine, version, stateId, variant } = key;
  if (
    !isFlowMachine(machine) ||
    !isFlowVersion(version) ||
    !isFlowState(stateId) ||
    !isFlowScreenVariant(variant)
  )
    return undefined;
  for (const { extension, contentType } of imageTypes) {
    const path = inside(dir, machine, version, stateId, `${variant}.${extension}`);
    if (!path) return undefined;
    try {
      const found = await stat(path);
      if (found.isFile()) return { path, contentType, size: found.size, modifiedMs: found.mtimeMs };
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }
  return undefined;
}
