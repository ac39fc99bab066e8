// Question and answer texts as the database accepts them (20261125120200, 20261125120300), with its sentences.
import * as z from 'zod/mini'

export const questionBodySchema = z.string().check(
  z.refine((text) => text.trim().length >= 3, 'A question needs at least 3 characters.'),
  z.refine((text) => text.length <= 4000, 'A question can be at most 4,000 characters.'),
)

export const answerBodySchema = z.string().check(
  z.refine((text) => text.trim().length > 0, 'An answer cannot be empty.'),
  z.refine((text) => text.length <= 4000, 'An answer can be at most 4,000 characters.'),
)
