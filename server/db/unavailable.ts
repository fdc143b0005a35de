/**
 * Whether an error means "the database cannot answer right now" (unreachable, restarting, too
 * slow, locked, busy) rather than a fault in the request or the code: such errors become a 503
 * with Retry-After, since the same request is expected to succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (isUnavailableItself(cause)) return true;
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

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || postgresCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && clientMessages.some((pattern) => pattern.test(message));
}
