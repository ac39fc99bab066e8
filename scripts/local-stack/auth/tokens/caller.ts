// Who is calling: the claims of a verified access token with its user and session, as authenticate.ts finds them.
// Its own module so the request type can carry a caller without importing the token checks.
import type { JwtClaims } from '../../keys/jwt.ts'
import type { SessionRow } from '../models/sessions.ts'
import type { UserRow } from '../models/users.ts'

export interface Caller {
  claims: JwtClaims
  user: UserRow
  /** Undefined for tokens without a session_id (GoTrue accepts those, e.g. hand-made test tokens). */
  session: SessionRow | undefined
}
