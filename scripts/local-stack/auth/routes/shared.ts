// Small pieces several routes share: the session grant of a request and the `data` object of a body.
import type { AuthRequest } from '../http/request.ts'
import type { Grant } from '../models/sessions.ts'

export function grantOf(request: AuthRequest): Grant {
  return { userAgent: request.userAgent, ip: request.ip }
}

/** The `data` object of a request, as user metadata (GoTrue defaults it to {}). */
export function metadata(value: Record<string, unknown> | undefined): Record<string, unknown> {
  return value ?? {}
}
