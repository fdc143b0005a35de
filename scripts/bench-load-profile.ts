/**
 * The top frames of a V8 CPU profile, e.g. of the server under `BENCH_CPU_PROF=<dir> npm run
 * bench:load`: `npx tsx scripts/bench-load-profile.ts <file.cpuprofile> [rows]`. Prints self time
 * per function, total time per source file and per function of the portal's own code, so what
 * dominates a request shows without a viewer. Samples inside the seed and the migrations (the
 * server's start-up) are left out.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsText] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx scripts/bench-load-profile.ts <file.cpuprofile> [rows]');
  process.exit(1);
}
const rows = Number(rowsText || 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const shortUrl = (url: string) =>
  url.replace(/^file:\/\/.*?node_modules\//, '~/').replace(/^file:\/\/.*?\/(server|src)\//, '$1/');
const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const startUp = /\/server\/(seed|db\/migrat)/;
const ownCode = /\/(server|src)\//;

const selfByFrame = new Map<string, number>();
const inclusiveByOwnFunction = new Map<string, number>();
// A file's inclusive time counts each sample once, however deep the file recurs on its stack.
const inclusiveByFile = new Map<string, number>();
let total = 0;
for (const [id, time] of selfTime) {
  const node = byId.get(id);
  if (!node) continue;
  const stack: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (frame) stack.push(frame);
  }
  if (stack.some((frame) => startUp.test(frame.callFrame.url))) continue;
  total += time;
  selfByFrame.set(frameName(node), (selfByFrame.get(frameName(node)) ?? 0) + time);
  const files = new Set(stack.map((frame) => shortUrl(frame.callFrame.url)).filter(Boolean));
  for (const url of files) inclusiveByFile.set(url, (inclusiveByFile.get(url) ?? 0) + time);
  const own = new Set(stack.filter((frame) => ownCode.test(frame.callFrame.url)).map(frameName));
  for (const name of own) inclusiveByOwnFunction.set(name, (inclusiveByOwnFunction.get(name) ?? 0) + time);
}

const percent = (value: number) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled after start-up\n\nself time by function`);
for (const [name, time] of [...selfByFrame].sort((a, b) => b[1] - a[1]).slice(0, rows))
  console.log(`${percent(time)}  ${name}`);
console.log('\ntotal time by source file');
for (const [url, time] of [...inclusiveByFile].sort((a, b) => b[1] - a[1]).slice(0, rows))
  console.log(`${percent(time)}  ${url}`);
console.log('\ntotal time by function of the portal (server/, src/)');
for (const [name, time] of [...inclusiveByOwnFunction].sort((a, b) => b[1] - a[1]).slice(0, rows))
  console.log(`${percent(time)}  ${name}`);
