// Form schemas for the studio, mirroring the database's checks (PRODUCT.md §5) with the sentences shown next to
// the fields. Titles are trimmed before they are checked, as the database stores them trimmed.
import * as z from 'zod/mini'
import { slugProblem } from '../lib/slug'

const slugSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = slugProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
)

const nameOrTitle = (noun: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3, `Give the ${noun} at least 3 characters.`),
      z.maxLength(120, `Keep the ${noun} to 120 characters or fewer.`),
    )

/** A new school (`name`) or course (`title`, in the sentences): its name and its web address. */
export const nameSlugSchema = (noun: 'name' | 'title') => z.object({ name: nameOrTitle(noun), slug: slugSchema })
export type NameSlugValues = z.infer<ReturnType<typeof nameSlugSchema>>

/** Section and lesson titles: 1-120 characters after trimming. */
export const outlineTitleSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Give it a title.'), z.maxLength(120, 'Keep the title to 120 characters or fewer.'))

export const detailsSchema = z.object({
  title: nameOrTitle('title'),
  subtitle: z.string().check(z.trim(), z.maxLength(200, 'Keep the subtitle to 200 characters or fewer.')),
  description_md: z.string().check(z.maxLength(20_000, 'Keep the description to 20,000 characters or fewer.')),
  language: z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language code such as en or pt-BR.')),
})
