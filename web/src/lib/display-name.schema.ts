// The display name rule shared by sign-up and the profile form: 1-60 characters after trimming, as the profiles
// table's check constraint requires.
import * as z from 'zod/mini'

export const displayNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter your name.'), z.maxLength(60, 'Keep your name to 60 characters or fewer.'))
