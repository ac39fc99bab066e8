// The submit-time check of a new password: why it cannot be used, or null. When the checker cannot load
// (offline, a stale deploy) it answers null and Auth's own length rule still applies.
import { loadPasswordChecker } from './load-password-checker'
import { passwordVerdict } from './password-rules'

export async function passwordRefusal(password: string, userInputs: readonly string[] = []): Promise<string | null> {
  const check = await loadPasswordChecker().catch(() => null)
  if (!check) return passwordVerdict(password, { score: 4, sequence: [] }).refusal
  return passwordVerdict(password, check(password, userInputs)).refusal
}

/** Starts loading the checker ahead of need (on focus of a new-password field). */
export function preloadPasswordChecker(): void {
  void loadPasswordChecker().catch(() => undefined)
}
