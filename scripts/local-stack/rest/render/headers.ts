// Response headers several actions share: Preference-Applied for what was honoured, Content-Profile when the schema
// was negotiated, and the Content-Type of a JSON or CSV body.
import type { RequestContext } from '../request/context.ts'
import { contentTypeOf, type Output } from '../request/media.ts'
import { appliedPreferences, type Preferences } from '../request/preferences.ts'
import { headerText } from './response.ts'

/** Preference-Applied for the preferences an action honoured. */
export function preferenceApplied(ctx: RequestContext, honoured: Partial<Preferences>): Record<string, string> {
  const value = preferenceAppliedValue(ctx, honoured)
  return value === undefined ? {} : { 'Preference-Applied': value }
}

/** The Preference-Applied value: what the action honoured, with tx, handling and a known timezone from the request. */
export function preferenceAppliedValue(ctx: RequestContext, honoured: Partial<Preferences>): string | undefined {
  const { tx, handling, timezone } = ctx.prefs
  const tz = timezone !== undefined && ctx.cache.timezones.has(timezone) ? timezone : undefined
  // Most requests carry none of the three: the honoured preferences alone, with no object built.
  if (!tx && !handling && !tz) return appliedPreferences(honoured)
  return appliedPreferences({
    ...honoured,
    ...(tx ? { tx } : {}),
    ...(handling ? { handling } : {}),
    ...(tz ? { timezone: tz } : {}),
  })
}

export function profileHeader(ctx: RequestContext): Record<string, string> {
  return ctx.negotiatedByProfile ? { 'Content-Profile': headerText(ctx.schema) } : {}
}

/** A fresh object each call: callers add their own headers to it in place. */
export function bodyHeaders(ctx: RequestContext, output: Output): Record<string, string> {
  return Object.assign({ 'Content-Type': contentTypeOf(output) }, profileHeader(ctx))
}
