import { spawn } from 'node:child_process';

// The API server in watch mode and Vite's dev server (which proxies /api to it), stopped together.
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: process.env }),
  // the statechart studio is in the menu of every user of a dev server (issue 13)
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, VITE_STUDIO_FOR_EVERYONE: '1' } }),
];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => code && stopAll());
