// The state of an act run from a confirmation dialog: busy while it runs, `done` once it succeeds (the dialog
// closes), and a refusal's sentence kept for the dialog, which then stays open so the user can read it or retry.
import { useState } from 'react'

export function useConfirmedAct(act: () => Promise<unknown>, done: () => void, describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      await act()
      done()
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, run, clearError: () => setError(null) }
}
