// S3 errors as storage-api's S3 error handler sends them: `<Error><Resource/><Code/><Message/></Error>` with the
// error's own HTTP status (a missing object is a real 404 here, where the REST API answers 400), and the few codes
// only the S3 protocol has.
import { StorageError } from '../errors.ts'

/** An S3-only failure: the code, the HTTP status and storage-api's message. */
export function s3Error(code: string, status: number, message: string): StorageError {
  return new StorageError(code, status, message, code, status)
}

export const s3Errors = {
  signatureDoesNotMatch: (message: string) => s3Error('SignatureDoesNotMatch', 403, message),
  invalidSignature: (message = 'Invalid signature') => s3Error('InvalidSignature', 400, message),
  expiredSignature: () => s3Error('ExpiredToken', 400, 'The provided token has expired.'),
  accessDenied: (message: string) => s3Error('AccessDenied', 403, message),
  missingParameter: (name: string) => s3Error('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidParameter: (name: string) => s3Error('InvalidParameter', 400, `Invalid Parameter ${name}`),
  missingContentLength: () => s3Error('MissingContentLength', 400, 'You must provide the Content-Length HTTP header.'),
  invalidUploadId: (message = 'Invalid upload id') => s3Error('InvalidUploadId', 400, message),
  noSuchUpload: () => s3Error('NoSuchUpload', 404, 'Upload not found'),
  malformedXml: () => s3Error('MalformedXML', 400, 'The XML you provided was not well-formed'),
  missingPart: (part: number, uploadId: string) =>
    s3Error('MissingPart', 400, `Part ${part} is missing for upload id ${uploadId}`),
  invalidChecksum: (part: number) => s3Error('InvalidChecksum', 400, `Invalid ETag for part ${part}`),
}

/** The S3 status of a Storage error: its logical status (404, 409, 403...), not the REST API's HTTP 400. */
export function s3Status(error: StorageError): number {
  return error.status >= 100 && error.status < 600 ? error.status : error.httpStatus
}
