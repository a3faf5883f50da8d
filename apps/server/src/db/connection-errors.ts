// Which database errors mean "the database cannot be reached" (issue #17: answered 503, never a
// crash) and which mean "PostgreSQL rolled the transaction back, run it again". Pure functions;
// what is done about them is errors.ts (the answer) and transaction.ts (the retry).

/** Socket errors of a connection that is gone or cannot be made. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting us: admin_shutdown (a restart, or a
 * DBA's pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up, in recovery),
 * too_many_connections; and class 08, connection exceptions.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own words for a connection that ended or never came (these carry no code). */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated unexpectedly',
];

/** Whether the error says the database cannot be reached (rather than what was asked was wrong). */
export function isConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (CLIENT_MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true;
  }
  return false;
}

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back whole. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Whether the error came before anything reached the database: no connection could be made
 * (refused, unknown host, unreachable, starting up, too many connections, connect timeout). A
 * write that met such an error is certainly not saved; one that lost its connection midway may be.
 */
export function neverReachedDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true;
  return error instanceof Error && error.message.startsWith('timeout exceeded when trying to connect');
}

const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P03',
  '53300',
]);
