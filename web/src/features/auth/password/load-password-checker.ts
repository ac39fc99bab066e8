// Loads zxcvbn-ts and its dictionaries (common passwords, English words and names, keyboard layouts) on
// first use, so they never weigh on a page until someone types a new password. The word lists are their most common
// entries, cut at build time (vite-plugins/password-dictionaries.ts). Everything is local: no request leaves the
// browser with the password.
import type { StrengthResult } from './password-rules'

export type CheckPassword = (password: string, userInputs?: readonly string[]) => StrengthResult

let checker: Promise<CheckPassword> | undefined

export function loadPasswordChecker(): Promise<CheckPassword> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('virtual:password-dictionaries')]).then(
    ([core, lists]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: lists.dictionary,
        graphs: lists.adjacencyGraphs,
        translations: lists.translations,
        // No Levenshtein matching: over these dictionaries it costs seconds per check on a slow phone, too slow for
        // a meter that follows the typing.
      })
      return (password, userInputs = []) => zxcvbn.check(password, userInputInWords(userInputs))
    },
  )
  // A failed chunk load (offline, new deploy) may be retried on the next use.
  checker.catch(() => {
    checker = undefined
  })
  return checker
}

/** The user's own words (name, email and its parts) zxcvbn should treat as guessable. */
export function userInputInWords(inputs: readonly string[]): string[] {
  const words = new Set<string>()
  for (const input of inputs) {
    const value = input.trim().toLowerCase()
    if (!value) continue
    words.add(value)
    for (const part of value.split(/[\s@._+-]+/u)) if (part.length >= 3) words.add(part)
  }
  return [...words]
}
