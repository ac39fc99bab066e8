// Who an S3 request acts as, as storage-api's signature-v4 plugin decides it: signed with the project's S3 access
// key and secret, the server itself (the service_role key's role, past RLS); signed with the session access key
// (`stub`) and the anon key as secret, with a user's JWT in X-Amz-Security-Token, that user under RLS, exactly as the
// REST API runs them. A signature that does not match is refused before anything else happens.
import type { IncomingHttpHeaders } from 'node:http'
import { anonKey } from '../../keys/index.ts'
import { isSignedUrlToken, serviceCaller, verifyStorageToken, type Caller } from '../caller.ts'
import type { StorageContext } from '../context.ts'
import { s3AccessKeyId, s3Region, s3SecretAccessKey, s3SessionAccessKeyId } from './credentials.ts'
import { s3Errors } from './errors.ts'
import { readSignature, verifySignature, type ClientSignature, type ServerCredentials } from './signature.ts'

export interface S3Auth {
  caller: Caller
  signature: ClientSignature
  server: ServerCredentials
}

const mismatch =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.'
const sessionMismatch =
  'The request signature we calculated does not match the signature you provided, Check your credentials. ' +
  'The session token should be a valid JWT token'

/** The credentials a signature must have been made with: the session's (a token came) or the project's. */
export function serverCredentials(sessionToken: string | undefined): ServerCredentials {
  return sessionToken
    ? { accessKey: s3SessionAccessKeyId, secretKey: anonKey, region: s3Region }
    : { accessKey: s3AccessKeyId, secretKey: s3SecretAccessKey, region: s3Region }
}

export function signatureMismatch(sessionToken: string | undefined) {
  return s3Errors.signatureDoesNotMatch(sessionToken ? sessionMismatch : mismatch)
}

/** Who a verified signature stands for: the server, or the user whose JWT is the session token. */
export async function callerFor(ctx: StorageContext, token: string | undefined): Promise<Caller> {
  if (!token) return serviceCaller
  const result = await verifyStorageToken(ctx.keys, token)
  if (!result.ok) throw s3Errors.accessDenied(result.message)
  const { claims } = result
  if (isSignedUrlToken(claims)) throw s3Errors.accessDenied('jwt audience invalid')
  // storage-api takes `payload.role || 'anon'` as the role to switch to.
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon'
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined
  return { role, claims, jwt: token, sub, authenticated: true }
}

export async function authenticateS3(
  ctx: StorageContext,
  request: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders },
): Promise<S3Auth> {
  const signature = readSignature(request.headers, request.query)
  const token = signature.sessionToken
  const server = serverCredentials(token)
  if (!verifySignature(signature, request, server)) throw signatureMismatch(token)
  return { caller: await callerFor(ctx, token), signature, server }
}
