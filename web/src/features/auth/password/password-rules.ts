// The app's password rules as one pure verdict over a zxcvbn-ts result: at least the minimum length
// (config.toml's minimum_password_length), no composition rules, and no password that is common or
// otherwise guessable in under a million tries (zxcvbn score 0 or 1), with a sentence saying why.
import type { MatchExtended, ZxcvbnResult } from '@zxcvbn-ts/core'
import { passwordMinLength, passwordTooShort } from '../schemas/auth.schemas'

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong'

export interface PasswordVerdict {
  /** 0–4, as zxcvbn scores it; 0 for a password below the minimum length. */
  score: number
  level: StrengthLevel
  /** What the meter says: "Too easy to guess", "Fair", "Good", "Strong". */
  label: string
  /** Why the password cannot be used, as a sentence; null when it can. */
  refusal: string | null
}

/** The part of a zxcvbn-ts result the verdict reads (so tests can pass a literal). */
export type StrengthResult = Pick<ZxcvbnResult, 'score' | 'sequence'>

export const refusals = {
  common:
    'This is one of the most common passwords, the first ones attackers try. Choose a different one, for example three or four unrelated words.',
  pattern:
    'Repeated characters, sequences like 1234 and keyboard rows are easy to guess. Choose a different password, for example three or four unrelated words.',
  personal: 'Don’t build your password from your name or email address. Choose a different one.',
  guessable: 'This password is too easy to guess. Make it longer, for example with three or four unrelated words.',
} as const

const labels: Record<StrengthLevel, string> = {
  weak: 'Too easy to guess',
  fair: 'Fair',
  good: 'Good',
  strong: 'Strong',
}

const commonDictionaries = new Set(['passwords', 'passwords-common'])
const patterns = new Set(['repeat', 'sequence', 'spatial'])

/** Scores of 0 and 1 mean fewer than a million guesses: refused. */
const minimumScore = 2

export function passwordVerdict(password: string, result: StrengthResult | null): PasswordVerdict {
  if (password.length < passwordMinLength) {
    return { score: 0, level: 'weak', label: labels.weak, refusal: passwordTooShort }
  }
  if (!result) return { score: 0, level: 'weak', label: labels.weak, refusal: null }
  const level = levelOf(result.score)
  const refusal = result.score < minimumScore ? refusalFor(result.sequence) : null
  return { score: result.score, level, label: labels[level], refusal }
}

function levelOf(score: number): StrengthLevel {
  if (score >= 4) return 'strong'
  if (score === 3) return 'good'
  if (score === 2) return 'fair'
  return 'weak'
}

/** The sentence for a refused password, from the patterns zxcvbn found in it. */
function refusalFor(sequence: readonly MatchExtended[]): string {
  const dictionaryOf = (match: MatchExtended) =>
    match.pattern === 'dictionary' && 'dictionaryName' in match ? String(match.dictionaryName) : null
  if (sequence.some((match) => dictionaryOf(match) === 'userInputs')) return refusals.personal
  if (sequence.some((match) => commonDictionaries.has(dictionaryOf(match) ?? ''))) return refusals.common
  if (sequence.length > 0 && sequence.every((match) => patterns.has(match.pattern))) return refusals.pattern
  return refusals.guessable
}
