// Response headers several actions share: Preference-Applied for what was honoured, Content-Profile when the schema
// was negotiated, and the Content-Type of a JSON or CSV body.
import type { RequestContext } from '../request/context.ts'
import { contentTypeOf, type Output } from '../request/media.ts'
import { appliedPreferences, type Preferences } from '../request/preferences.ts'
import { headerText } from './response.ts'

/** Preference-Applied for the preferences an action honoured. */
export function preferenceApplied(ctx: RequestContext, honoured: Partial<Preferences>): Record<string, string> {
  const tz =
    ctx.prefs.timezone !== undefined && ctx.cache.timezones.has(ctx.prefs.timezone) ? ctx.prefs.timezone : undefined
  const value = appliedPreferences({
    ...honoured,
    ...(ctx.prefs.tx ? { tx: ctx.prefs.tx } : {}),
    ...(ctx.prefs.handling ? { handling: ctx.prefs.handling } : {}),
    ...(tz ? { timezone: tz } : {}),
  })
  return value === undefined ? {} : { 'Preference-Applied': value }
}

export function profileHeader(ctx: RequestContext): Record<string, string> {
  return ctx.negotiatedByProfile ? { 'Content-Profile': headerText(ctx.schema) } : {}
}

export function bodyHeaders(ctx: RequestContext, output: Output): Record<string, string> {
  return { 'Content-Type': contentTypeOf(output), ...profileHeader(ctx) }
}
