// The step-up dialog's opener as React context, apart from the guard's logic (./step-up) so the root's provider
// brings nothing else into every page's first load.
import { createContext } from 'react'

/** Asks the user to confirm with a second factor; resolves true once confirmed, false when they cancel. */
export type StepUpConfirm = () => Promise<boolean>

/** Provided by features/auth/step-up's StepUpProvider. */
export const StepUpContext = createContext<StepUpConfirm | null>(null)
