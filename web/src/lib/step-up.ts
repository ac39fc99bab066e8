// Step-up, the shared part: useStepUp().guard(act) runs a destructive act and, when the database (aal2_required) or
// Auth (insufficient_aal) asks for a second factor, has the step-up dialog confirm the user and runs the act once more.
// Cancelling rejects with the original error, so the screen still explains it. Mutations use
// `mutationFn: (v) => guard(() => api(v))`. The dialog and its provider live in features/auth/step-up (mounted once
// at the root); without a provider above, acts run unguarded (as in component tests).
import { useCallback, useContext, useMemo } from 'react'
import { errorCode, readFunctionError } from './errors'
import { StepUpContext, type StepUpConfirm } from './step-up-context'

export { StepUpContext, type StepUpConfirm }

/** Codes meaning "this needs a session verified with a second factor": the database's, and GoTrue's own. */
const stepUpCodes = new Set(['aal2_required', 'insufficient_aal'])

/**
 * Whether an error asks for step-up. Accepts the thrown value as is: a PostgREST or Auth error, a parsed
 * `{ error: { code } }` body, or an edge function's FunctionsHttpError (whose JSON body is read).
 */
export async function needsStepUp(error: unknown): Promise<boolean> {
  if (stepUpCodes.has(errorCode(error) ?? '')) return true
  const body = await readFunctionError(error)
  return body !== error && stepUpCodes.has(errorCode(body) ?? '')
}

/**
 * Runs `act`; when it is refused for want of a second factor, asks `confirm` and, once confirmed, runs `act` a
 * second (and last) time. A cancelled confirmation, or any other refusal, rejects with the original error.
 */
export async function runWithStepUp<T>(act: () => Promise<T>, confirm: StepUpConfirm | null): Promise<T> {
  try {
    return await act()
  } catch (error) {
    if (!confirm || !(await needsStepUp(error))) throw error
    const confirmed = await confirm().catch(() => false)
    if (!confirmed) throw error
    return act()
  }
}

export interface StepUp {
  guard: <T>(act: () => Promise<T>) => Promise<T>
}

export function useStepUp(): StepUp {
  const confirm = useContext(StepUpContext)
  const guard = useCallback(<T>(act: () => Promise<T>) => runWithStepUp(act, confirm), [confirm])
  return useMemo(() => ({ guard }), [guard])
}
