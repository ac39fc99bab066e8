// The school page form's rules, the database's (schools_accent_color_readable, schools_about_md_length) with its
// sentences: an accent colour that reads with white or dark text, or none; an about text of at most 5,000 characters.
import * as z from 'zod/mini'
import { aboutMaxLength, accentColorProblem, accentSentences, normalizeHex } from '@/lib/schools/accent-rules'

export const schoolPageSchema = z.object({
  about_md: z.string().check(z.maxLength(aboutMaxLength, accentSentences.aboutTooLong)),
  accent_color: z.string().check(
    z.superRefine((value, context) => {
      const problem = accentColorProblem(value.trim() === '' ? null : normalizeHex(value))
      if (problem) context.issues.push({ code: 'custom', message: problem, input: value })
    }),
  ),
})
export type SchoolPageFormValues = z.infer<typeof schoolPageSchema>

/** What is sent: the colour as lowercase #rrggbb, or null for none. */
export function toSaved(values: SchoolPageFormValues) {
  const color = values.accent_color.trim()
  return { about_md: values.about_md, accent_color: color === '' ? null : normalizeHex(color) }
}
