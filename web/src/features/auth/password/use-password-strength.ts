// The strength of a password being typed: zxcvbn-ts loads once the password is long enough to rate (or on
// focus, through preloadPasswordChecker), then the verdict follows the typing.
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { loadPasswordChecker, type CheckPassword } from './load-password-checker'
import { passwordMinLength } from '../schemas/auth.schemas'
import { passwordVerdict, type PasswordVerdict } from './password-rules'

export interface PasswordStrength {
  /** The verdict for the current password; null while it is empty or the checker is still loading. */
  verdict: PasswordVerdict | null
}

export function usePasswordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const [check, setCheck] = useState<CheckPassword | null>(null)
  const deferred = useDeferredValue(password)
  const inputsKey = userInputs.join('\n')
  // A password still below the minimum length is rated without the dictionaries; they load once it could pass
  // (or earlier, when the field is focused: preloadPasswordChecker).
  const wanted = password.length >= passwordMinLength

  useEffect(() => {
    if (!wanted || check) return
    let live = true
    loadPasswordChecker().then(
      (loaded) => {
        if (live) setCheck(() => loaded)
      },
      () => undefined, // The meter stays empty; the submit-time check lets Auth's own rule decide.
    )
    return () => {
      live = false
    }
  }, [wanted, check])

  const verdict = useMemo(() => {
    if (!deferred) return null
    if (deferred.length < passwordMinLength) return passwordVerdict(deferred, null)
    if (!check) return null
    return passwordVerdict(deferred, check(deferred, inputsKey ? inputsKey.split('\n') : []))
  }, [deferred, check, inputsKey])

  return { verdict }
}
