// PostgREST's error responses (Error.hs): one constructor per PGRST code, each with the status, message, details
// and hint PostgREST gives, so clients that compare error bodies byte for byte see what they would see upstream.
import type { ParseFailure } from './request/cursor.ts'

export interface ErrorBody {
  code: string
  message: string
  details: unknown
  hint: unknown
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

function err(status: number, code: string, message: string, details: unknown = null, hint: unknown = null): ApiError {
  return new ApiError(status, { code, message, details, hint })
}

/** Haskell's `show` of a string, which is how Parsec names the input in its messages. */
function show(text: string): string {
  return JSON.stringify(text)
}

export const apiErrors = {
  queryParam: (what: string, input: string, failure: ParseFailure) =>
    err(
      400,
      'PGRST100',
      `${show(`failed to parse ${what} (${input})`)} (line 1, column ${failure.column})`,
      failure.details,
    ),
  invalidRpcMethod: (method: string) => err(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => err(400, 'PGRST102', message),
  /** Not a PostgREST error (it has no cap): PGRST102's shape with the 413 Supabase's gateway answers. */
  bodyTooLarge: (limit: number) =>
    err(413, 'PGRST102', 'Request body is too large', `The limit is ${limit / (1024 * 1024)} MiB`),
  negativeLimit: () =>
    err(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.'),
  lowerGtUpper: () =>
    err(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    ),
  outOfBounds: (offset: number, total: number) =>
    err(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  invalidFilters: () =>
    err(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators"),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    err(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    ),
  mediaType: (types: string[]) => err(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (resource: string) =>
    err(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  gucHeaders: () =>
    err(
      500,
      'PGRST111',
      'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    ),
  gucStatus: () => err(500, 'PGRST112', 'response.status guc must be a valid status code'),
  putLimit: () => err(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMatchingPk: () => err(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singularity: (rows: number) =>
    err(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => err(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    err(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  unacceptableFilter: (target: string) =>
    err(
      400,
      'PGRST120',
      `Bad operator on the '${target}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  pgrstParse: (details: string, hint: string) =>
    err(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', details, hint),
  invalidPreferences: (prefs: string[]) =>
    err(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  aggregatesNotAllowed: () => err(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) =>
    err(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  invalidPath: () => err(404, 'PGRST125', 'Invalid path specified in request URL'),
  notImplemented: (details: string) => err(400, 'PGRST127', 'Feature not implemented', details),
  maxAffectedRpc: () =>
    err(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    ),

  noRelationship: (
    parent: string,
    child: string,
    hint: string | undefined,
    schema: string,
    suggestion: string | null,
  ) =>
    err(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${
        hint === undefined ? '' : ` using the hint '${hint}'`
      } in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  ambiguousRelationship: (parent: string, child: string, details: object[], hints: string[]) =>
    err(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
      details,
      `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  noFunction: (message: string, details: string, hint: string | null) => err(404, 'PGRST202', message, details, hint),
  ambiguousFunction: (candidates: string[]) =>
    err(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  columnNotFound: (table: string, column: string) =>
    err(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  tableNotFound: (schema: string, table: string, suggestion: string | null) =>
    err(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${table}' in the schema cache`,
      null,
      suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
    ),

  /** What PostgreSQL says for a column a query names but the table lacks (we check before PostgreSQL can). */
  undefinedColumn: (relation: string, column: string, suggestion: string | null) =>
    err(
      400,
      '42703',
      `column ${relation}.${column} does not exist`,
      null,
      suggestion === null ? null : `Perhaps you meant to reference the column "${relation}.${suggestion}".`,
    ),
  undefinedType: (name: string) => err(400, '42704', `type "${name}" does not exist`),
  /** PostgreSQL's refusal of two joins under one alias (PostgREST names each embed's join the same way for both). */
  duplicateAlias: (alias: string) => err(400, '42712', `table name "${alias}" specified more than once`),
  /** PostgreSQL's words for an on_conflict column the table lacks (checked here, before the statement). */
  conflictColumn: (column: string) => err(400, '42703', `column "${column}" does not exist`),
  /** pg-safeupdate's error, which PostgREST answers 400: PATCH and DELETE need a filter. */
  whereRequired: (command: 'UPDATE' | 'DELETE') => err(400, '21000', `${command} requires a WHERE clause`),

  /** No connection could be opened: the database is down, starting up or refusing (hasql's ConnectionUsageError). */
  connectionError: (details: string | null) =>
    err(503, 'PGRST000', 'Database connection error. Retrying the connection.', details),
  /** The connection broke while in use: a terminated backend, a restart (hasql's ClientError). */
  clientError: (details: string | null) =>
    err(503, 'PGRST001', 'Database client error. Retrying the connection.', details),
  noSchemaCache: () => err(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
  acquisitionTimeout: () => err(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
  /** Anything no other error describes (a bug): reported to the log, answered without details. */
  internal: () => err(500, 'PGRSTX00', 'Internal server error'),
  /** An error PostgreSQL raised, passed on with the status PostgREST maps its SQLSTATE to. */
  database: (status: number, body: ErrorBody, headers: Record<string, string> = {}) =>
    new ApiError(status, body, headers),
}

/** PostgREST's JWT errors (401 with a WWW-Authenticate header saying why). */
export function jwtError(code: 'PGRST301' | 'PGRST303', message: string): ApiError {
  const error = err(401, code, message)
  return new ApiError(error.status, error.body, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  })
}
