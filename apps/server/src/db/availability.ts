/** Socket errors of a database server that is down, restarting or out of reach. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (shut down by an administrator,
 * crashed, starting up or shutting down) and 53300 (no connection slot left).
 */
const serverCodes = /^(08...|57P0[123]|53300)$/;

/** node-postgres says these in words only. */
const clientMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The error that says the database cannot be reached, rather than that a query went wrong:
 * the error itself or what caused it (drizzle and better-auth wrap the driver's; pg-boss
 * passes a plain copy); null if none.
 */
export function databaseUnreachableCause(error: unknown, depth = 0): { message: string } | null {
  if (typeof error !== 'object' || error === null || depth > 5) return null;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string' && (networkCodes.has(code) || serverCodes.test(code))) return { message: text || code };
  if (clientMessages.some((start) => text.startsWith(start))) return { message: text };
  // A connection to `localhost` tries each of its addresses and fails with all of their errors.
  if (Array.isArray(errors) && errors.some((inner) => databaseUnreachableCause(inner, depth + 1))) {
    return { message: text || String(code) };
  }
  return databaseUnreachableCause(cause, depth + 1);
}

export const isDatabaseUnreachable = (error: unknown): boolean => databaseUnreachableCause(error) !== null;
