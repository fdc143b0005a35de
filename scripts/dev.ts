import { spawn } from 'node:child_process';

// The API server in watch mode and Vite's dev server (which proxies /api to it), stopped together.
// The server shows its outbox at /dev/mailbox/ (DEV_MAILBOX=1) unless mails really go out through
// SMTP_URL, which the server refuses to combine with the mailbox; DEV_MAILBOX=0 switches it off.
const serverEnv = {
  ...process.env,
  DEV_MAILBOX: process.env.DEV_MAILBOX ?? (process.env.SMTP_URL ? '0' : '1'),
};
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: serverEnv }),
  // the statechart studio is in the menu of every user of a dev server
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, VITE_STUDIO_FOR_EVERYONE: '1' } }),
];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => code && stopAll());
