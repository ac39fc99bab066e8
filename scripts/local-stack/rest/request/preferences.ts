// The Prefer header (RFC 7240) as PostgREST reads it: return, count, resolution, missing, handling, tx, timezone and
// max-affected. The first value of each kind wins; anything else is "invalid", which only matters with
// handling=strict (PGRST122).

export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  tx?: 'commit' | 'rollback'
  timezone?: string
  maxAffected?: number
  invalid: string[]
}

const choices = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
} as const

type ChoiceKey = keyof typeof choices

export function parsePreferences(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { invalid: [] }
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const raw of text.split(',')) {
    const item = raw.trim()
    if (item === '') continue
    const eq = item.indexOf('=')
    const key = eq < 0 ? item : item.slice(0, eq).trim()
    const value = eq < 0 ? '' : item.slice(eq + 1).trim()
    // Object.hasOwn, not `in`: `Prefer: constructor` names a member of Object.prototype, not a preference.
    if (Object.hasOwn(choices, key)) {
      const options = choices[key as ChoiceKey] as readonly string[]
      if (options.includes(value)) {
        const k = key as ChoiceKey
        if (prefs[k] === undefined) (prefs as unknown as Record<string, string>)[k] = value
        continue
      }
    } else if (key === 'timezone' && value !== '') {
      prefs.timezone ??= value
      continue
    } else if (key === 'max-affected' && /^[0-9]+$/.test(value)) {
      prefs.maxAffected ??= Number(value)
      continue
    }
    prefs.invalid.push(item)
  }
  return prefs
}

/** The Preference-Applied header value for the preferences a response honoured, in PostgREST's order. */
export function appliedPreferences(prefs: Partial<Preferences>): string | undefined {
  const parts: string[] = []
  if (prefs.resolution) parts.push(`resolution=${prefs.resolution}`)
  if (prefs.missing) parts.push(`missing=${prefs.missing}`)
  if (prefs.return && prefs.return !== 'headers-only') parts.push(`return=${prefs.return}`)
  if (prefs.count) parts.push(`count=${prefs.count}`)
  if (prefs.tx) parts.push(`tx=${prefs.tx}`)
  if (prefs.handling) parts.push(`handling=${prefs.handling}`)
  if (prefs.timezone) parts.push(`timezone=${prefs.timezone}`)
  if (prefs.maxAffected !== undefined) parts.push(`max-affected=${prefs.maxAffected}`)
  return parts.length > 0 ? parts.join(', ') : undefined
}
