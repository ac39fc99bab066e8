// Form schemas of the security section: one-time codes (the emailed reauthentication code, an
// authenticator app's code) and the names of factors and passkeys.
import * as z from 'zod/mini'

const code = (blank: string, shape: string) =>
  z.string().check(
    z.overwrite((value) => value.replace(/\s+/gu, '')),
    z.minLength(1, blank),
    z.regex(/^\d{6,10}$/u, shape),
  )

export const emailCodeSchema = z.object({
  code: code('Enter the code from the email.', 'The code is the 6 digits in the email.'),
})
export type EmailCodeValues = z.infer<typeof emailCodeSchema>

export const totpCodeSchema = z.object({
  code: z.string().check(
    z.overwrite((value) => value.replace(/\s+/gu, '')),
    z.minLength(1, 'Enter the 6-digit code from your app.'),
    z.regex(/^\d{6}$/u, 'The code is 6 digits, as your app shows it.'),
  ),
})
export type TotpCodeValues = z.infer<typeof totpCodeSchema>

const name = (blank: string) =>
  z.string().check(z.trim(), z.minLength(1, blank), z.maxLength(60, 'Keep the name under 60 characters.'))

export const factorNameSchema = z.object({ name: name('Give the app a name, like “Phone”.') })
export type FactorNameValues = z.infer<typeof factorNameSchema>

export const passkeyNameSchema = z.object({ name: name('Give the passkey a name, like “Chrome on Linux”.') })
export type PasskeyNameValues = z.infer<typeof passkeyNameSchema>

/** The new password typed twice; the minimum length comes with the password kit (config.toml's rule). */
export const newPasswordSchema = (minLength: number) =>
  z
    .object({
      password: z.string().check(z.minLength(minLength, `Use at least ${minLength} characters.`)),
      confirm: z.string().check(z.minLength(1, 'Type the new password again.')),
    })
    .check(
      z.refine((values) => values.password === values.confirm, {
        path: ['confirm'],
        message: 'The two passwords do not match.',
      }),
    )
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>
