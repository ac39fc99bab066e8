// The Auth session an access token belongs to: its `session_id` claim, read without verifying (the server did).
export function sessionIdOf(accessToken: string | null): string | null {
  const part = accessToken?.split('.')[1]
  if (!part) return null
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'))
    const claims = JSON.parse(json) as { session_id?: unknown }
    return typeof claims.session_id === 'string' ? claims.session_id : null
  } catch {
    return null
  }
}
