#!/usr/bin/env node
/**
 * The npm registry reachable from our machines and CI answers 404 for the prebuilt binaries of
 * other platforms (darwin, win32, android, musl, ...). `npm install` then silently leaves those
 * optional packages out of package-lock.json, and `npm ci` refuses the lock as "out of sync".
 * This adds the missing optional entries with the os/cpu/libc that their names declare, so npm
 * skips them on a platform they do not fit without ever fetching them.
 * Run it after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const osNames = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const cpuNames = [
  'arm64',
  'x64',
  'arm',
  'ia32',
  'riscv64',
  'ppc64',
  's390x',
  'loong64',
  'mips64el',
  'wasm32',
];

/** Platform fields read from a binary package's name, e.g. `cli-linux-x64-musl`, `oxide-win32-arm64-msvc`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  if (!cpu) return null;
  const fields = {};
  if (os) fields.os = [os];
  fields.cpu = [cpu];
  if (os === 'linux') fields.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  if (!os && cpu !== 'wasm32') return null;
  return fields;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const prefix = path === '' ? '' : `${path}/`;
    const nested = `${prefix}node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dependency);
    if (!platform) {
      console.warn(`left out ${dependency}: its platform cannot be read from the name`);
      continue;
    }
    packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
