// The profile form: display name 1-60 characters after trimming (the profiles table's check) and an
// IANA time zone.
import * as z from 'zod/mini'
import { displayNameSchema } from '@/lib/display-name.schema'

export const profileSchema = z.object({
  displayName: displayNameSchema,
  timezone: z.string().check(z.minLength(1, 'Choose your time zone.')),
})

export type ProfileValues = z.infer<typeof profileSchema>

/** Every zone the browser knows, with UTC (which some browsers leave out) and `current` included. */
export function timeZoneOptions(current?: string): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])
  zones.add('UTC')
  if (current) zones.add(current)
  return [...zones].sort((a, b) => a.localeCompare(b))
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
