// GoTrue's password rules: at most 72 bytes (bcrypt's limit), at least minimum_password_length characters, and the
// character classes password_requirements asks for; failures become weak_password with its reasons.
import type { AuthSettings } from '../../config/index.ts'
import { badRequest, weakPassword, type AuthError } from '../errors.ts'

export const maxPasswordBytes = 72

const lower = 'abcdefghijklmnopqrstuvwxyz'
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const digits = '0123456789'
const symbols = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~'

/** The character sets each password_requirements value maps to (the CLI's GOTRUE_PASSWORD_REQUIRED_CHARACTERS). */
const requiredSets: Record<string, string[]> = {
  letters_digits: [lower + upper, digits],
  lower_upper_letters_digits: [lower, upper, digits],
  lower_upper_letters_digits_symbols: [lower, upper, digits, symbols],
}

/** The weak_password (or too-long) error for `password`, or undefined when it meets the rules. */
export function passwordProblem(
  password: string,
  settings: Pick<AuthSettings, 'passwordRequirements'> & { minimumPasswordLength: number },
): AuthError | undefined {
  if (Buffer.byteLength(password) > maxPasswordBytes) {
    return badRequest('validation_failed', `Password cannot be longer than ${maxPasswordBytes} characters`)
  }
  const messages: string[] = []
  const reasons: string[] = []
  // Go's len() counts bytes, not characters.
  if (Buffer.byteLength(password) < settings.minimumPasswordLength) {
    reasons.push('length')
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`)
  }
  const sets = requiredSets[settings.passwordRequirements] ?? []
  if (sets.some((set) => ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters')
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`)
  }
  return reasons.length > 0 ? weakPassword(messages.join(' '), reasons) : undefined
}

/** The weak_password body GoTrue attaches to a successful sign-in with a password that no longer meets the rules. */
export function weakPasswordNotice(
  password: string,
  settings: Pick<AuthSettings, 'passwordRequirements'> & { minimumPasswordLength: number },
): { message: string; reasons: string[] } | undefined {
  const problem = passwordProblem(password, settings)
  if (!problem || problem.code !== 'weak_password') return undefined
  const reasons = (problem.extra.weak_password as { reasons: string[] }).reasons
  return { message: problem.message, reasons }
}
