// The password checker's word lists, cut to their most common entries at build time: zxcvbn-ts ranks every list by
// frequency, so the head of each list is what a guesser tries first. The full lists weigh about 940 KiB gzip (the
// sign-up page downloaded them on focus); these come to about 70. A password built from a word past the cut is
// rated as if it were random characters, so the meter is a little kinder to rare words; every common password,
// name, word and keyboard pattern of the cut lists is still refused.
// Served as `virtual:password-dictionaries` (typed in src/vite-env.d.ts), so the full lists never enter a bundle.
import type { Plugin } from 'vite'

/** How many entries of each ranked list are kept; lists not named here are small and kept whole. */
export const kept: Record<string, number> = {
  'passwords-common': 8000,
  'commonWords-en': 5000,
  'firstnames-en': 1500,
  'lastnames-en': 2000,
  'wikipedia-en': 2500,
}
/** Diceware words are for generating passphrases, not for spotting guessable ones. */
const dropped = new Set(['diceware-common'])

const id = 'virtual:password-dictionaries'
const resolvedId = `\0${id}`

export async function trimmedDictionaries(): Promise<Record<string, string[]>> {
  const [common, en] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
  const lists: Record<string, string[]> = {}
  for (const [name, words] of Object.entries({ ...common.dictionary, ...en.dictionary })) {
    if (dropped.has(name)) continue
    lists[name] = (words as string[]).slice(0, kept[name] ?? Infinity)
  }
  return lists
}

export function passwordDictionaries(): Plugin {
  return {
    name: 'summit-password-dictionaries',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    async load(source) {
      if (source !== resolvedId) return undefined
      const [common, en] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
      return [
        `export const dictionary = ${JSON.stringify(await trimmedDictionaries())}`,
        `export const adjacencyGraphs = ${JSON.stringify(common.adjacencyGraphs)}`,
        `export const translations = ${JSON.stringify(en.translations)}`,
      ].join('\n')
    },
  }
}
