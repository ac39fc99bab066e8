// The strength meter for one new-password field, fed the field's value: zxcvbn-ts loads as soon as
// something is typed (or the field is focused, see usePasswordStrength's prime) and the meter follows.
import { PasswordStrengthMeter } from './password-strength-meter'
import { usePasswordStrength } from './use-password-strength'

export interface PasswordMeterProps {
  password: string
  /** The user's own words (name, email) that make a password guessable. */
  userInputs?: readonly string[] | undefined
  className?: string | undefined
}

export function PasswordMeter({ password, userInputs, className }: PasswordMeterProps) {
  const { verdict } = usePasswordStrength(password, userInputs)
  return <PasswordStrengthMeter verdict={verdict} className={className} />
}
