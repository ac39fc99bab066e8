// The display name rule shared by sign-up and the profile form: 1-60 characters after trimming, as the profiles
// table's check constraint requires.
import { z } from 'zod'

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name.')
  .max(60, 'Keep your name to 60 characters or fewer.')
