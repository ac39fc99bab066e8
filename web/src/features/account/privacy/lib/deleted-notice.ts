// Carries "your account is deleted" across the full page load that follows a deletion: set on /account just
// before leaving, read by the home page's notice and then cleared so it shows once.
const key = 'summit:account-deleted'

export function rememberAccountDeleted(): void {
  try {
    window.sessionStorage.setItem(key, '1')
  } catch {
    // Storage unavailable: the home page simply shows no notice.
  }
}

export function wasAccountDeleted(): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1'
  } catch {
    return false
  }
}

export function forgetAccountDeleted(): void {
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // Nothing to clear.
  }
}
