// Form schemas for the auth screens. The password rule mirrors supabase/config.toml
// (minimum_password_length = 8, no composition rules), with the same sentence the UI shows for
// Auth's weak_password error.
import { z } from 'zod'
import { displayNameSchema } from '@/lib/display-name.schema'

export const passwordMinLength = 8
export const passwordTooShort = `Use at least ${passwordMinLength} characters.`

const email = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .email('Enter a valid email address, like name@example.com.')

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
})
export type SignInValues = z.infer<typeof signInSchema>

export const emailOnlySchema = z.object({ email })
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>

export const signUpSchema = z.object({
  displayName: displayNameSchema,
  email,
  password: z.string().min(passwordMinLength, passwordTooShort),
})
export type SignUpValues = z.infer<typeof signUpSchema>

export const newPasswordSchema = z
  .object({
    password: z.string().min(passwordMinLength, passwordTooShort),
    confirm: z.string().min(1, 'Type the new password again.'),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match.',
  })
export type NewPasswordValues = z.infer<typeof newPasswordSchema>
