// HTTP plumbing shared by the edge functions: JSON answers, the error envelope of PRODUCT.md §8
// (`{ "error": { "code", "message", "fields"? } }`), and CORS so the web app's supabase-js calls pass preflight.
import { corsHeaders } from '@supabase/supabase-js/cors'
import { isUnavailable } from './unavailable.ts'

/** Error codes the functions answer with (PRODUCT.md §8, plus the transport-level ones). */
export type ErrorCode =
  | 'not_signed_in'
  | 'forbidden'
  | 'aal2_required'
  | 'course_not_found'
  | 'enrollment_closed'
  | 'invite_invalid'
  | 'invite_expired'
  | 'invite_used_up'
  | 'email_domain_not_allowed'
  | 'code_invalid'
  | 'rate_limited'
  | 'lesson_locked'
  | 'not_completed'
  | 'certificate_not_found'
  | 'feed_not_found'
  | 'validation_failed'
  | 'method_not_allowed'
  | 'email_failed'
  | 'email_not_configured'
  | 'site_url_not_configured'
  | 'unavailable'
  | 'internal'

export type FieldErrors = Record<string, string>

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors }
}

/** An expected failure: thrown anywhere in a request, answered by `serveJson` with its status and code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

// supabase-js keeps this list in step with the headers its clients send (authorization, apikey, x-client-info,
// content-type, tracing), so an SDK upgrade cannot break the browser's preflight.
export { corsHeaders }

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  })
}

export function errorResponse(error: HttpError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } }
  if (error.fields) body.error.fields = error.fields
  return json(body, error.status, error.headers)
}

/** The answer to a browser's preflight (OPTIONS): the CORS headers and nothing else. */
export function preflight(): Response {
  return new Response('ok', { status: 200, headers: corsHeaders })
}

/** Throws 405 unless the request uses one of `methods` (OPTIONS is answered before handlers run). */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (methods.includes(request.method)) return
  throw new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} for this call.`, undefined, {
    Allow: [...methods, 'OPTIONS'].join(', '),
  })
}

/**
 * Wraps a handler: answers preflights, turns HttpError into its envelope, the database being away into a 503 with
 * Retry-After (as the Data API and Auth answer then), and anything else into a bare 500; the details of both stay in
 * the function's log, never in the response.
 */
export function serveJson(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return preflight()
    try {
      return await handler(request)
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error)
      console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error)
      if (isUnavailable(error)) {
        return errorResponse(
          new HttpError(503, 'unavailable', 'The service is briefly unavailable. Try again in a moment.', undefined, {
            'Retry-After': '1',
          }),
        )
      }
      return errorResponse(new HttpError(500, 'internal', 'Something went wrong on our side. Try again in a moment.'))
    }
  }
}
