// Turns any error the app can meet (Auth, PostgREST, edge function bodies, the codes of PRODUCT.md
// §8, network failures) into one sentence a learner understands. Never returns a stack trace.
// Edge function errors arrive as a Response inside FunctionsHttpError: `await readFunctionError(e)`
// first, then pass the parsed body here.

/** Sentences for the app's own codes (PRODUCT.md §8) and the Auth codes a user can cause. */
const messages: Record<string, string> = {
  // PRODUCT.md §8
  not_signed_in: 'Please sign in to continue.',
  forbidden: "You don't have access to this.",
  aal2_required: 'Confirm it’s you with your second factor before doing this.',
  course_not_found: "We couldn't find this course. The link may be old, or the course is not available.",
  school_not_found: "We couldn't find this school. The link may be old, or the school has no published course yet.",
  enrollment_closed: 'This course is not taking new learners right now.',
  invite_invalid:
    "This invite link doesn't work. Check that you copied all of it, or ask the instructor for a new one.",
  invite_expired: 'This invite link has expired. Ask the instructor for a new one.',
  invite_used_up: 'This invite link has already been used as often as it allows. Ask the instructor for a new one.',
  email_domain_not_allowed:
    'This invite is only for certain email addresses, and yours is not one of them. Sign in with your work or school address, or ask the instructor.',
  code_invalid: "That code didn't work. Check it and try again; if it still fails, it may have expired.",
  rate_limited: 'Too many wrong codes. Wait up to an hour, then try again.',
  lesson_locked: 'This lesson is locked for now.',
  not_completed: 'Finish the course first.',
  certificate_not_found:
    "We couldn't find a certificate with this code. Check the code against the certificate; it is 10 letters and digits.",
  attempts_exhausted: 'You have no attempts left at this quiz for now.',
  attempt_closed: 'This attempt is closed: its time ran out or it was already submitted.',
  review_not_available: 'The review of this attempt is not open yet.',
  validation_failed: 'Some of the details are not valid. Check the form and try again.',
  method_not_allowed: 'Something went wrong. Please try again.',
  // Supabase Auth
  invalid_credentials: 'The email or password is incorrect.',
  email_not_confirmed: 'Confirm your email address first: open the link we sent to your inbox.',
  user_already_exists: 'An account with this email already exists. Sign in instead.',
  email_exists: 'An account with this email already exists. Sign in instead.',
  weak_password: 'Choose a password of at least 8 characters.',
  same_password: 'Choose a password different from your current one.',
  over_email_send_rate_limit: 'Too many emails were sent. Please wait a few minutes and try again.',
  over_request_rate_limit: 'Too many attempts. Please wait a few minutes and try again.',
  otp_expired: 'This link has expired or was already used. Ask for a new one.',
  flow_state_expired: 'This link has expired. Ask for a new one.',
  flow_state_not_found: 'This link has expired or was already used. Ask for a new one.',
  bad_code_verifier: 'Open the link in the same browser you asked for it from.',
  session_not_found: 'Your session has ended. Please sign in again.',
  session_expired: 'Your session has ended. Please sign in again.',
  refresh_token_not_found: 'Your session has ended. Please sign in again.',
  refresh_token_already_used: 'Your session has ended. Please sign in again.',
  user_banned: 'This account is suspended.',
  signup_disabled: 'New sign-ups are closed right now.',
  email_address_invalid: 'Enter a valid email address.',
  // PostgreSQL / PostgREST
  '42501': "You don't have permission to do this.",
  '23514': 'Some of the details are not valid. Check the form and try again.',
  '23505': 'This already exists.',
  PGRST116: "We couldn't find what you were looking for.",
  PGRST301: 'Your session has ended. Please sign in again.',
  PGRST303: 'Your session has ended. Please sign in again.',
}

const fallback = 'Something went wrong. Please try again.'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The machine-readable code of an error: `error.code`, `error.error.code` or Auth's `error_code`. */
export function errorCode(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined
  if (isRecord(error.error) && typeof error.error.code === 'string') return error.error.code
  if (typeof error.code === 'string' && error.code !== '') return error.code
  if (typeof error.error_code === 'string') return error.error_code
  return undefined
}

/** The `fields` map of a `validation_failed` error (`{ error: { fields } }`, or PostgREST `details.fields`). */
export function errorFields(error: unknown): Record<string, string> {
  if (!isRecord(error)) return {}
  const candidates = [error.fields, isRecord(error.error) ? error.error.fields : undefined]
  if (typeof error.details === 'string') {
    try {
      candidates.push((JSON.parse(error.details) as Record<string, unknown>).fields)
    } catch {
      // details is free text, not a fields map
    }
  } else if (isRecord(error.details)) {
    candidates.push(error.details.fields)
  }
  const found = candidates.find(isRecord)
  if (!found) return {}
  return Object.fromEntries(Object.entries(found).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error || fallback
  const code = errorCode(error)
  if (code && messages[code]) return messages[code]
  if (!isRecord(error)) return fallback
  const status = typeof error.status === 'number' ? error.status : undefined
  // supabase-js turns a failed fetch into a TypeError or an AuthRetryableFetchError (status 0).
  // postgrest-js answers a failed fetch with a plain error whose message is "<fetch error name>: <message>".
  const postgrestFetchFailure = typeof error.message === 'string' && /^(TypeError|FetchError): /.test(error.message)
  if (
    error instanceof TypeError ||
    postgrestFetchFailure ||
    error.name === 'AuthRetryableFetchError' ||
    error.name === 'FunctionsFetchError'
  ) {
    return 'We could not reach Summit. Check your connection and try again.'
  }
  if (status === 429) return messages.over_request_rate_limit ?? fallback
  if (status === 401) return messages.not_signed_in ?? fallback
  if (status === 403) return messages.forbidden ?? fallback
  if (status !== undefined && status >= 500) return 'Summit is having trouble right now. Please try again in a minute.'
  return fallback
}

/**
 * The Response of an edge function's non-2xx answer: supabase-js's FunctionsHttpError keeps it as `context`. Told by
 * the error's name rather than `instanceof`, so the page that checks does not carry functions-js's error classes.
 */
export function functionHttpResponse(error: unknown): Response | undefined {
  return error instanceof Error &&
    error.name === 'FunctionsHttpError' &&
    isRecord(error) &&
    error.context instanceof Response
    ? error.context
    : undefined
}

/** Reads the JSON body of a supabase-js FunctionsHttpError (whose `context` is the Response). */
export async function readFunctionError(error: unknown): Promise<unknown> {
  if (isRecord(error) && error.context instanceof Response) {
    try {
      return await error.context.clone().json()
    } catch {
      return error
    }
  }
  return error
}
