// Form schemas for second-factor screens: the 6-digit code of an authenticator app, and a recovery code
// (`xxxxx-xxxxx`; spaces and case forgiven, the dash optional).
import * as z from 'zod/mini'

export const totpCodeSchema = z.object({
  code: z
    .pipe(
      z.string().check(z.trim()),
      z.transform((value) => value.replace(/\s+/g, '')),
    )
    .check(
      z.minLength(1, 'Enter the 6-digit code from your authenticator app.'),
      z.regex(/^\d{6}$/, 'The code is 6 digits, like 123456.'),
    ),
})
export type TotpCodeValues = z.input<typeof totpCodeSchema>

/** Normalises a recovery code as typed: lowercase, no spaces, the dash in the middle. */
export function normaliseRecoveryCode(value: string): string {
  const compact = value.toLowerCase().replace(/[\s-]+/g, '')
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact
}

export const recoveryCodeSchema = z.object({
  code: z
    .pipe(z.string(), z.transform(normaliseRecoveryCode))
    .check(
      z.minLength(1, 'Enter one of your recovery codes.'),
      z.regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'A recovery code is 10 letters and digits, like abcde-12345.'),
    ),
})
export type RecoveryCodeValues = z.input<typeof recoveryCodeSchema>
