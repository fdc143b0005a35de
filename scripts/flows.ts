/**
 * The versions of the portal's flows (docs/architecture.md, "Versions and sign-off"):
 *
 *   npm run flows:snapshot [-- --release <name>]
 *     writes docs/flows/versions/<machine>.json for every catalog machine: its versions, oldest
 *     first, each with the release and date it first appeared in and its chart (flowGraph). A
 *     version already in the file stays as it is (its first release and date): running it again
 *     on unchanged machines changes nothing. Release name by default: package.json's version and
 *     today's date (UTC).
 *
 *   npm run flows:check [-- --portal <url> --user <name> --password <password>]
 *     lists the machines whose current version is not the one last signed off (or that nobody
 *     signed off), reading the sign-offs from the server's database (DATABASE_URL, else DATA_DIR,
 *     as the server does) or from a running portal. It informs and always exits 0: CI prints it,
 *     the build does not fail on it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readServerConfig } from '../server/config';
import { isPostgresUrl, openDatabase } from '../server/db/connect';
import { latestSignOffs } from '../server/flow-sign-offs/flow-sign-off-queries';
import { signOffListWire } from '../src/services/api/wire/flow-sign-offs';
import { chartModel } from '../src/studio/chart-model';
import type { FlowSnapshot, FlowSnapshotFile } from '../src/studio/flow-snapshots';
import { flowGraph, flowVersion } from '../src/studio/flow-version';
import { machineCatalog } from '../src/studio/machine-catalog';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const versionsDir = join(root, 'docs', 'flows', 'versions');

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Objects with their keys sorted, at every depth (arrays keep their order): stable files. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

const LINE_WIDTH = 110;

/**
 * JSON as the repository's formatter (Biome) writes it, so a snapshot passes `npm run lint` as
 * written: objects one key a line, arrays of plain values on one line when they fit.
 * `lead` is what stands before the value on its line (indent, key), `tail` what follows (a comma).
 */
function formatJson(value: unknown, indent = '', lead = 0, tail = 0): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (lead + flat.length + tail <= LINE_WIDTH) return flat;
    }
    const items = value.map(
      (item, at) => `${inner}${formatJson(item, inner, inner.length, at < value.length - 1 ? 1 : 0)}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], at) => {
      const head = `${inner}${JSON.stringify(key)}: `;
      return `${head}${formatJson(item, inner, head.length, at < entries.length - 1 ? 1 : 0)}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function readSnapshotFile(file: string, machine: string): FlowSnapshotFile {
  if (!existsSync(file)) return { machine, versions: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as FlowSnapshotFile;
}

function snapshot(args: readonly string[]) {
  const date = today();
  const packageVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  const release = option(args, 'release') ?? `${packageVersion} ${date}`;
  mkdirSync(versionsDir, { recursive: true });
  let added = 0;
  for (const { name, machine } of machineCatalog) {
    const graph = chartModel(machine);
    const version = flowVersion(graph);
    const file = join(versionsDir, `${name}.json`);
    const stored = readSnapshotFile(file, name);
    if (stored.versions.some((each) => each.version === version)) continue;
    const entry: FlowSnapshot = { version, release, date, graph: flowGraph(graph) };
    const next: FlowSnapshotFile = { machine: name, versions: [...stored.versions, entry] };
    writeFileSync(file, `${formatJson(sortedKeys(next))}\n`);
    console.log(`${name}: version ${version} (${release})`);
    added += 1;
  }
  console.log(
    added
      ? `${added} of ${machineCatalog.length} machines have a new version in docs/flows/versions/.`
      : `No machine changed: docs/flows/versions/ is up to date (${machineCatalog.length} machines).`,
  );
}

interface LastSignOff {
  version: string;
  signedBy: string | null;
  signedAt: string;
}

/** The newest sign-off per machine in the server's own database (none when it has no database yet). */
async function signOffsFromDatabase(): Promise<{ source: string; latest: Map<string, LastSignOff> }> {
  const config = readServerConfig();
  const sqliteFile = join(config.dataDir, 'portal.sqlite');
  // a check never creates a database: without one, nobody has signed anything off
  if (!isPostgresUrl(config.databaseUrl) && !existsSync(sqliteFile))
    return { source: `no database at ${sqliteFile}`, latest: new Map() };
  const { db, location } = openDatabase({ ...config, tuning: config.databaseTuning });
  try {
    const rows = await latestSignOffs(db);
    const latest = new Map<string, LastSignOff>();
    for (const [machine, row] of rows)
      latest.set(machine, { version: row.version, signedBy: row.signed_by, signedAt: row.signed_at });
    return { source: location, latest };
  } finally {
    await db.destroy();
  }
}

/** The newest sign-off per machine, asked of a running portal as a flow reviewer. */
async function signOffsFromPortal(
  portal: string,
  user: string,
  password: string,
): Promise<{ source: string; latest: Map<string, LastSignOff> }> {
  const base = portal.replace(/\/+$/, '');
  const signIn = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  if (!signIn.ok) throw new Error(`signing in as ${user} answered ${signIn.status}`);
  const { access } = (await signIn.json()) as { access: string };
  const latest = new Map<string, LastSignOff>();
  for (const { name } of machineCatalog) {
    const answer = await fetch(`${base}/api/studio/sign-offs/?machine=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    if (!answer.ok) throw new Error(`the sign-offs of ${name} answered ${answer.status}`);
    const [newest] = signOffListWire.parse(await answer.json()).sign_offs;
    if (newest)
      latest.set(name, { version: newest.version, signedBy: newest.signed_by, signedAt: newest.signed_at });
  }
  return { source: base, latest };
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function check(args: readonly string[]) {
  const portal = option(args, 'portal');
  let found: { source: string; latest: Map<string, LastSignOff> };
  try {
    found = portal
      ? await signOffsFromPortal(
          portal,
          option(args, 'user') ?? '',
          option(args, 'password') ?? process.env.FLOWS_PASSWORD ?? '',
        )
      : await signOffsFromDatabase();
  } catch (error) {
    console.log(
      `Could not read the sign-offs (${error instanceof Error ? error.message : String(error)}): every machine is listed as not signed off.`,
    );
    found = { source: 'none', latest: new Map() };
  }

  const rows = [['machine', 'current', 'signed off', 'by', 'on', 'snapshot']];
  let current = 0;
  for (const { name, machine } of machineCatalog) {
    const version = flowVersion(chartModel(machine));
    const signed = found.latest.get(name);
    if (signed?.version === version) {
      current += 1;
      continue;
    }
    const stored = readSnapshotFile(join(versionsDir, `${name}.json`), name);
    rows.push([
      name,
      version,
      signed ? signed.version : 'never',
      signed ? (signed.signedBy ?? '(removed user)') : '',
      signed ? signed.signedAt.slice(0, 10) : '',
      stored.versions.some((each) => each.version === version) ? 'yes' : 'missing',
    ]);
  }
  console.log(`Sign-offs from ${found.source}.`);
  if (rows.length > 1) {
    console.log(`\nMachines changed since their last sign-off, or never signed off:\n`);
    console.log(table(rows));
  }
  console.log(
    `\n${current} of ${machineCatalog.length} machines are signed off at their current version.` +
      (rows.some((row) => row[5] === 'missing')
        ? ' "missing": the current version is not in docs/flows/versions/ yet (npm run flows:snapshot).'
        : ''),
  );
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'snapshot') snapshot(rest);
else if (command === 'check') {
  try {
    await check(rest);
  } catch (error) {
    console.log(`flows:check could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
  // informs only: CI prints the list, the build never fails on it
  process.exit(0);
} else {
  console.error(
    'usage: tsx scripts/flows.ts snapshot [--release <name>] | check [--portal <url> --user <u> --password <p>]',
  );
  process.exit(2);
}
