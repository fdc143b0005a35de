/**
 * Whether an error means "the database cannot answer right now" (unreachable, restarting, too
 * slow, locked, busy) rather than a fault in the request or the code: such errors become a 503
 * with Retry-After, since the same request is expected to succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, isUnavailableItself);
}

/**
 * Whether an error says the storage refuses writes: a full disk, a read-only database or file
 * system, an I/O error. Unlike a busy or unreachable database this does not pass by itself, so
 * /readyz reports it until a write succeeds again (see storage-health.ts). The connection that
 * reported it is sound and stays in the pool.
 */
export function isStorageFailure(error: unknown): boolean {
  return someCause(error, isStorageFailureItself);
}

/**
 * What the server answers with 503 and Retry-After: the database unavailable, its storage
 * failing, or PostgreSQL short of resources (class 53: memory, connections, a configured limit).
 */
export function callsForRetryLater(error: unknown): boolean {
  return someCause(
    error,
    (cause) => isUnavailableItself(cause) || isStorageFailureItself(cause) || lacksResources(cause),
  );
}

function someCause(error: unknown, test: (cause: object) => boolean): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (typeof cause === 'object' && test(cause)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// Sockets that cannot be opened or were cut.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// PostgreSQL SQLSTATEs: 57014 query_canceled (statement_timeout), 57P01-57P05 admin/crash
// shutdown, cannot connect now, idle session timeout; 53300 too many connections; 55P03 lock not
// available; 25P03 idle-in-transaction timeout; class 08 connection exceptions.
const postgresCodes = new Set(['57014', '57P01', '57P02', '57P03', '57P05', '53300', '55P03', '25P03']);

// node-postgres and pg-pool report these without a code.
const clientMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable$/,
  /^timeout expired$/,
];

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || postgresCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && clientMessages.some((pattern) => pattern.test(message));
}

const codeOf = (error: object) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
};

// SQLite: SQLITE_FULL (the disk, or max_page_count), SQLITE_READONLY and its extended codes (a
// read-only file or file system, a moved file), SQLITE_IOERR_* (failed reads, writes, fsync),
// SQLITE_CANTOPEN (the -wal or -shm file cannot be created).
const sqliteStorageCode = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)(_|$)/;

// PostgreSQL: 53100 disk_full, 58030 io_error, 25006 read_only_sql_transaction (a standby, or
// default_transaction_read_only set while the disk is being freed).
const postgresStorageCodes = new Set(['53100', '58030', '25006']);

// The file system itself, for what the server writes outside the database.
const fileSystemCodes = new Set(['ENOSPC', 'EROFS', 'EIO', 'EDQUOT']);

function isStorageFailureItself(error: object): boolean {
  const code = codeOf(error);
  return sqliteStorageCode.test(code) || postgresStorageCodes.has(code) || fileSystemCodes.has(code);
}

const lacksResources = (error: object) => /^53[0-9A-Z]{3}$/.test(codeOf(error));
