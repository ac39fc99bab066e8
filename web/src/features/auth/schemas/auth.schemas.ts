// Form schemas for the auth screens. The password rule mirrors supabase/config.toml
// (minimum_password_length = 8, no composition rules), with the same sentence the UI shows for
// Auth's weak_password error.
import * as z from 'zod/mini'
import { displayNameSchema } from '@/lib/display-name.schema'

export const passwordMinLength = 8
export const passwordTooShort = `Use at least ${passwordMinLength} characters.`

// The checks run in this order and a form shows a field's first issue: a blank address reads "Enter your email
// address.", not the format sentence.
const email = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter your email address.'),
    z.email('Enter a valid email address, like name@example.com.'),
  )

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Enter your password.')),
})
export type SignInValues = z.infer<typeof signInSchema>

export const emailOnlySchema = z.object({ email })
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>

export const signUpSchema = z.object({
  displayName: displayNameSchema,
  email,
  password: z.string().check(z.minLength(passwordMinLength, passwordTooShort)),
})
export type SignUpValues = z.infer<typeof signUpSchema>

export const newPasswordSchema = z
  .object({
    password: z.string().check(z.minLength(passwordMinLength, passwordTooShort)),
    confirm: z.string().check(z.minLength(1, 'Type the new password again.')),
  })
  .check(
    z.refine((values) => values.password === values.confirm, {
      path: ['confirm'],
      message: 'The two passwords do not match.',
    }),
  )
export type NewPasswordValues = z.infer<typeof newPasswordSchema>
