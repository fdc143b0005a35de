import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data folder holds the database and the token-signing secret: readable by the server's own
 * user only. A folder created here gets 0700; an existing one is left as its owner set it.
 */
export function ensurePrivateDirectory(dir: string) {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Creates the file empty with mode 0600, or tightens an existing one to 0600. */
export function ensurePrivateFile(file: string) {
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return;
  }
  closeSync(openSync(file, 'a', 0o600));
}

/** Tightens the file to 0600 when it exists (files made by someone else, such as SQLite's -wal). */
export function tightenIfPresent(file: string) {
  if (existsSync(file)) chmodSync(file, 0o600);
}
