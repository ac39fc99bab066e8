// A note's text as the database accepts it (20261125120100): 1 to 10,000 characters, not blank. The same sentences
// as the database's refusals.
import * as z from 'zod/mini'

export const NOTE_MAX = 10_000

export const noteBodySchema = z.string().check(
  z.refine((text) => text.trim().length > 0, 'A note cannot be empty.'),
  z.refine((text) => text.length <= NOTE_MAX, 'A note can be at most 10,000 characters.'),
)
