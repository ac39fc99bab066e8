// What the security section gets from elsewhere in the app, handed in by the route (features do not import
// each other): the step-up guard for acts that need a second factor, and the new-password kit (strength
// meter, submit-time check, minimum length).
import { createContext, useContext, type ComponentType } from 'react'

/** Runs an act; when it needs an aal2 session, asks for a second factor and retries once. */
export type Guard = <T>(act: () => Promise<T>) => Promise<T>

export interface PasswordTools {
  PasswordMeter: ComponentType<{ password: string; userInputs?: readonly string[] | undefined; className?: string }>
  /** Why a new password cannot be used, as a sentence, or null. */
  passwordRefusal: (password: string, userInputs?: readonly string[]) => Promise<string | null>
  preloadPasswordChecker: () => void
  passwordMinLength: number
}

export interface SecurityTools {
  guard: Guard
  password: PasswordTools
}

export const SecurityToolsContext = createContext<SecurityTools | null>(null)

export function useSecurityTools(): SecurityTools {
  const tools = useContext(SecurityToolsContext)
  if (!tools) throw new Error('useSecurityTools: render inside <SecuritySection>')
  return tools
}
