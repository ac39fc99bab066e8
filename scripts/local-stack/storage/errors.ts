// Storage API's errors: the body `{statusCode, code, error, message}` where statusCode is the logical status as a
// string, sent with HTTP 400 for every non-500 error (storage-api's `userStatusCode`), so a missing object is an
// HTTP 400 carrying "statusCode":"404". Codes and messages follow src/internal/errors/codes.ts of supabase/storage.

export class StorageError extends Error {
  /** The HTTP status on the wire: 400 for any logical status but 500, unless a route says otherwise. */
  readonly httpStatus: number

  constructor(
    readonly code: string,
    /** The logical status, rendered as the string `statusCode` of the body. */
    readonly status: number,
    message: string,
    /** The legacy `error` field; storage-api falls back to the code. */
    readonly error: string = code,
    httpStatus?: number,
  ) {
    super(message)
    this.httpStatus = httpStatus ?? (status === 500 ? 500 : 400)
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message }
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') => new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidMimeType: (mimeType: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidContentType: () =>
    new StorageError('InvalidMimeType', 415, 'Invalid Content-Type header', 'invalid_mime_type'),
  entityTooLarge: (entity = 'object') =>
    new StorageError('EntityTooLarge', 413, `The ${entity} exceeded the maximum allowed size`, 'Payload too large'),
  invalidFileSizeLimit: () =>
    new StorageError('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContent: (message = 'No content provided') => new StorageError('InvalidRequest', 400, message),
  invalidRange: () => new StorageError('InvalidRange', 400, 'invalid range provided', 'invalid_range'),
  alreadyExists: () => new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () => new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty', 'ResourceNotEmpty'),
  relatedNotFound: () => new StorageError('InvalidRequest', 404, 'The related resource does not exist'),
  featureNotEnabled: (feature: string) =>
    new StorageError('FeatureNotEnabled', 409, `The feature ${feature} is not enabled for this resource`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  /** Fastify's schema-validation answer ("body must have required property 'name'"). */
  validation: (message: string) => new StorageError('InvalidRequest', 400, message, 'Bad Request'),
  bodyTooLarge: () => new StorageError('InvalidRequest', 413, 'Request body is too large', 'Payload Too Large', 413),
  internal: () => new StorageError('InternalError', 500, 'Internal Server Error', 'internal'),
  /**
   * A failure of the bytes' backend (a full or read-only disk), as storage-api's StorageBackendError.fromError
   * renders it: 500, code InternalError, the error's name as `error` and its message ("ENOSPC: no space left on
   * device, write").
   */
  backend: (error: Error) => new StorageError('InternalError', 500, error.message, error.name),
  /** storage-api's answer when the database (or its pooler) refuses more connections: HTTP 429, not 400. */
  slowDown: () =>
    new StorageError('SlowDown', 429, 'Too many connections issued to the database', 'too_many_connections', 429),
}

/**
 * What storage-api's error handler treats as the database asking it to slow down (isDatabaseSlowDownError): the
 * server's and the poolers' words for "no more connections". A refused connection (the database away) is not among
 * them: storage-api answers that with its generic 500, and so does the stack.
 */
const slowDownMessages = [
  'Authentication error',
  'Max client connections reached',
  'remaining connection slots are reserved for non-replication superuser connections',
  'no more connections allowed',
  'sorry, too many clients already',
  'server login has been failing, try again later',
  'server login has been failing, cached error',
]

/** A PostgreSQL error as node-postgres reports it. */
interface PgError {
  code: string
  message: string
  severity?: string
}

export function isPgError(error: unknown): error is PgError {
  const e = error as Partial<PgError> | null
  return typeof e?.code === 'string' && typeof e.severity === 'string' && typeof e.message === 'string'
}

/** storage-api's DBError.fromDBError: the SQLSTATEs a request can cause, each with its answer. */
export function fromPgError(error: PgError): StorageError {
  if (slowDownMessages.some((message) => error.message.includes(message))) return errors.slowDown()
  switch (error.code) {
    case '42501':
      return errors.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      )
    case '22023': // a JWT role the database does not know
      return errors.accessDenied(error.message)
    case '23505':
      return errors.alreadyExists()
    case '23503':
      return errors.relatedNotFound()
    case '55P03':
      return new StorageError('ResourceLocked', 423, 'The resource is locked')
    case '57014':
      return new StorageError('DatabaseTimeout', 544, 'The connection to the database timed out', undefined, 544)
    case '22P02':
      return errors.invalidParameter('value', error.message)
    default:
      return new StorageError('DatabaseError', 500, `database error, code: ${error.code}`)
  }
}
