// The access-code field (PRODUCT.md §5): 8 characters from the alphabet without 0, O, 1, I and L, typed in any case,
// with spaces or a hyphen in the middle if the learner copies it that way. The database normalises the same way
// (private.normalize_access_code) and is the judge of whether a code is right; this only catches typos early.
import * as z from 'zod/mini'

export const ACCESS_CODE_LENGTH = 8
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** Capitals without spaces or hyphens: "abcd-efgh " → "ABCDEFGH". */
export function normalizeAccessCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase()
}

/** The first problem with a typed code, as the sentence shown under the field; null when it may be a code. */
export function accessCodeProblem(value: string): string | null {
  const code = normalizeAccessCode(value)
  if (code === '') return 'Enter the access code your instructor gave you.'
  if (/[^A-Z0-9]/.test(code)) return 'Access codes have only letters and digits.'
  if (/[01OIL]/.test(code)) {
    return 'Access codes never contain 0, O, 1, I or L. Check the characters that look alike.'
  }
  if (code.length !== ACCESS_CODE_LENGTH) {
    return `Access codes have ${ACCESS_CODE_LENGTH} characters; this one has ${code.length}.`
  }
  return null
}

export const accessCodeSchema = z.object({
  code: z.pipe(
    z.string().check(
      z.superRefine((value, ctx) => {
        const problem = accessCodeProblem(value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
    ),
    z.transform(normalizeAccessCode),
  ),
})
export type AccessCodeInput = z.input<typeof accessCodeSchema>
export type AccessCodeValues = z.output<typeof accessCodeSchema>
