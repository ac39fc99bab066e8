// The word lists the password checker ships: the head of each ranked list, small enough for the sign-up page's
// budget, and still holding what guessers try first.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { dictionary } from 'virtual:password-dictionaries'

describe('the password checker’s word lists', () => {
  it('keeps the head of each ranked list, cut to its size', () => {
    // The cut sizes of vite-plugins/password-dictionaries.ts.
    const sizes = {
      'passwords-common': 8000,
      'commonWords-en': 5000,
      'firstnames-en': 1500,
      'lastnames-en': 2000,
      'wikipedia-en': 2500,
    }
    for (const [name, size] of Object.entries(sizes)) expect(dictionary[name], name).toHaveLength(size)
    expect(dictionary['passwords-common']!.slice(0, 3)).toEqual(['123456', 'password', '12345678'])
    expect(dictionary['diceware-common']).toBeUndefined()
    expect(dictionary['months-en']).toContain('january')
  })

  it('weighs at most 80 KiB gzip, so the checker stays within the sign-up budget of 100 KiB', () => {
    const bytes = gzipSync(JSON.stringify(dictionary), { level: 9 }).length
    expect(bytes).toBeLessThanOrEqual(80 * 1024)
  })
})
