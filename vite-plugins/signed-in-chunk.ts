import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

type ModuleGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; code: string | null } | null;
};

/** Where the signed-in shell starts. */
const SHELL = /[\\/]src[\\/]ui[\\/]app[\\/]main-routes\.tsx$/;
/**
 * What stays out of its chunk: the login route (the entry), the cart area (its own dynamic import from
 * the app machine, evaluated in a task of its own before the shell), the /auth/ flows (lazy from the
 * login route: the registration page must not download the signed-in portal), and the list virtualiser
 * (Headless UI's index imports its combobox, which imports it; the shell renders no combobox, the
 * product lists load it with their own chunk).
 */
const KEPT_APART =
  /[\\/]src[\\/](main\.tsx$|machines[\\/]app[\\/]cart-area\.ts$|ui[\\/]screens[\\/]auth[\\/])|node_modules[\\/]@tanstack[\\/]/;

/** Whether a module `root` matches imports `id`, statically, through any chain. */
function importedBy(id: string, root: RegExp, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (root.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return importersOf(id, graph).some((importer) => importedBy(importer, root, graph, seen));
}

/** A machine feature's index (src/machines/<feature>/index.ts): re-exports of its feature's modules, nothing else. */
const FEATURE_INDEX = /[\\/]src[\\/]machines[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * Who imports `id`, looking through a feature index: only the modules that take one of `id`'s names from
 * it. The graph alone would make every module of a feature an import of whoever imports the index for
 * one name: the cart area takes a binder from the catalogue's index, and the shell's catalogue
 * selectors would leave the signed-in chunk for chunks of their own.
 */
function importersOf(id: string, graph: ModuleGraph): string[] {
  return (graph.getModuleInfo(id)?.importers ?? []).flatMap((importer) => {
    if (!FEATURE_INDEX.test(importer)) return [importer];
    const names = reexportedNames(importer, id, graph);
    return (graph.getModuleInfo(importer)?.importers ?? []).filter((user) =>
      importsAnyOf(user, importer, names, graph),
    );
  });
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '');
const namedList = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim().replace(/^type\s+/, ''))
    .filter(Boolean);

/** The names `index` re-exports from `id` (the name it exports them under); `*` for `export *`. */
function reexportedNames(index: string, id: string, graph: ModuleGraph): Set<string> {
  const names = new Set<string>();
  const code = graph.getModuleInfo(index)?.code ?? '';
  const from = (specifier: string) =>
    withoutExtension(resolve(dirname(index), specifier)) === withoutExtension(id);
  for (const [, list = '', specifier = ''] of code.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  ))
    if (from(specifier))
      for (const entry of namedList(list)) names.add(entry.split(/\s+as\s+/).pop() ?? entry);
  for (const [, specifier = ''] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g))
    if (from(specifier)) names.add('*');
  return names;
}

/** Whether `user` imports one of `names` from `index` (any name when its code is unknown or it takes them all). */
function importsAnyOf(user: string, index: string, names: Set<string>, graph: ModuleGraph): boolean {
  const code = graph.getModuleInfo(user)?.code;
  if (code === null || code === undefined) return true;
  const folder = dirname(index);
  const fromIndex = (specifier: string) =>
    [folder, withoutExtension(index)].includes(withoutExtension(resolve(dirname(user), specifier)));
  for (const [, list = '', specifier = ''] of code.matchAll(
    /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  ))
    if (fromIndex(specifier))
      for (const entry of namedList(list))
        if (names.has('*') || names.has(entry.split(/\s+as\s+/)[0] ?? entry)) return true;
  for (const [, specifier = ''] of code.matchAll(/(?:import|export)\s*\*[^'"]*from\s*["']([^"']+)["']/g))
    if (fromIndex(specifier)) return true;
  return false;
}

/**
 * The signed-in shell's static imports as one chunk: left to Rolldown they were 29 small
 * chunks, each a <link rel=modulepreload> appended when the shell's lazy import started (about 0.5 ms
 * each on the home's main thread) and an entry in the login route's preload map. Every signed-in
 * screen is reached through the shell, so whatever the shell imports is loaded before any of them:
 * one chunk makes no route download more than before.
 */
export function signedInChunkName(id: string, graph: ModuleGraph): string | null {
  if (!importedBy(id, SHELL, graph)) return null;
  const icon = LUCIDE_ICON.exec(id)?.[1];
  if (icon !== undefined ? iconsKeptApart(id, graph).has(icon) : importedBy(id, KEPT_APART, graph))
    return null;
  return 'signed-in';
}

const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
const LUCIDE_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const iconsOfGraph = new WeakMap<ModuleGraph, Set<string>>();

/** Each name lucide-react's index exports (aliases too: CircleAlert is circle-exclamation-point), to its icon's file. */
function iconFilesByName(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of index.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g,
  ))
    for (const [, name = ''] of names.matchAll(/default as (\w+)/g)) files.set(name, file);
  return files;
}

/**
 * The icons the modules kept apart import by name. Every module imports its icons through lucide-react's
 * index, which imports every icon, so the graph alone would call every icon the login route's; the build
 * keeps only the icons named. Left out, the shell's own icons landed in main-routes' chunk, which imports
 * the signed-in chunk that imports them back: a cycle that left the menu's icons undefined.
 */
function iconsKeptApart(iconId: string, graph: ModuleGraph): Set<string> {
  let icons = iconsOfGraph.get(graph);
  if (icons) return icons;
  icons = new Set();
  const index = graph.getModuleInfo(iconId)?.importers.find((importer) => LUCIDE_INDEX.test(importer));
  const iconFiles = iconFilesByName(index ? readFileSync(index, 'utf8') : '');
  for (const importer of index ? (graph.getModuleInfo(index)?.importers ?? []) : []) {
    if (!importedBy(importer, KEPT_APART, graph)) continue;
    const code = graph.getModuleInfo(importer)?.code ?? '';
    for (const [, names = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
      for (const name of names.split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0];
        const file = imported && iconFiles.get(imported);
        if (file) icons.add(file);
      }
  }
  iconsOfGraph.set(graph, icons);
  return icons;
}
