// What GoTrue's redirects carry: parameters encoded as Go's url.Values.Encode does (keys sorted, form encoding), and
// the OAuth 2.0 error name it gives an HTTP status (getErrorQueryString). Shared by email links and provider sign-in.

/** Go's url.Values.Encode: keys sorted, form encoding. */
export function encodeSorted(params: Record<string, string>): string {
  return new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString()
}

/** The `error` of a redirect for an HTTP status (others are server_error). */
export const oauthErrors: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}
