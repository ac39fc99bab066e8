// The S3 protocol of the Storage service at /storage/v1/s3, as storage-api serves it under `supabase start`: the
// request's SigV4 signature decides who it acts as (auth.ts), router.ts which command it is, and the command runs on
// the service's own bucket and object operations under that caller's RLS. Answers and errors are S3's XML.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StorageContext } from '../context.ts'
import { errors, StorageError } from '../errors.ts'
import { discardBody } from '../http.ts'
import { authenticateS3 } from './auth.ts'
import type { S3Request } from './context.ts'
import { isPostForm, postObjectForm } from './post-form.ts'
import { findCommand, parseTarget } from './router.ts'
import { sendS3Error } from './xml.ts'

/** Whether a path (after /storage/v1) is the S3 endpoint's. */
export function isS3Path(path: string): boolean {
  return path === '/s3' || path.startsWith('/s3/')
}

export async function handleS3(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET'
  try {
    const target = parseTarget(path)
    if (!target) {
      throw new StorageError('InvalidRequest', 400, `'${path}' is not a valid url component`, 'Bad Request')
    }
    if (isPostForm(method, req) && target.level === 'bucket') {
      const form = { req, res, method, path, query, params: { bucket: target.bucket }, operation: 'storage.s3.upload' }
      return await postObjectForm(ctx, req, res, form)
    }
    const auth = await authenticateS3(ctx, { method, path, query, headers: req.headers })
    const command = findCommand(method, target, query, req.headers)
    if (!command) {
      // storage-api's S3 router answers a request no command takes with an empty 404.
      discardBody(req)
      return void res.writeHead(404, { 'Content-Length': '0' }).end()
    }
    const request: S3Request = {
      req,
      res,
      method,
      path,
      query,
      params: { bucket: target.bucket, key: target.key },
      caller: auth.caller,
      operation: command.operation,
      auth,
    }
    await command.handler(ctx, request)
  } catch (error) {
    discardBody(req)
    if (error instanceof StorageError) {
      if (error.status === 500) ctx.log(`S3 ${method} ${path}: ${error.code}: ${error.message}`)
      return sendS3Error(res, path, method, error)
    }
    ctx.log(`S3 ${method} ${path}: ${(error as Error)?.stack ?? String(error)}`)
    sendS3Error(res, path, method, errors.internal())
  }
}
