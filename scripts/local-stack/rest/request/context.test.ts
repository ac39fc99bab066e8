// The role's in-database settings as PostgREST reads them: `pgrst.db_max_rows`, `pgrst.db_aggregates_enabled` and
// `pgrst.db_plan_enabled` of the authenticator override the service's own configuration.
import { describe, expect, it } from 'vitest'
import { fakeCache } from '../testing/fake-cache.ts'
import {
  aggregatesEnabled,
  maxRows,
  planEnabled,
  settingFlag,
  type RequestContext,
  type ServiceSettings,
} from './context.ts'

const settings: ServiceSettings = { schemas: ['api'], extraSearchPath: [], maxRows: 1000 }

function ctx(config: Record<string, string>, own: Partial<ServiceSettings> = {}): RequestContext {
  const cache = { ...fakeCache(), config: new Map(Object.entries(config)) }
  return { cache, settings: { ...settings, ...own } } as unknown as RequestContext
}

describe('in-database configuration', () => {
  it('takes max-rows from the role over config.toml, ignoring values that are no whole number', () => {
    expect(maxRows(ctx({}))).toBe(1000)
    expect(maxRows(ctx({ db_max_rows: '25' }))).toBe(25)
    expect(maxRows(ctx({ db_max_rows: '25' }, { maxRows: undefined }))).toBe(25)
    expect(maxRows(ctx({ db_max_rows: 'lots' }))).toBe(1000)
  })

  it('enables aggregates from the role unless the service says otherwise', () => {
    expect(aggregatesEnabled(ctx({}))).toBe(false)
    expect(aggregatesEnabled(ctx({ db_aggregates_enabled: 'true' }))).toBe(true)
    expect(aggregatesEnabled(ctx({ db_aggregates_enabled: 'true' }, { aggregates: false }))).toBe(false)
  })

  it('reads booleans as PostgREST does: letters in any case, else a number above zero', () => {
    for (const v of ['true', 'TRUE', 'True', '"true"', ' t r u e ', '1', '42', ' 7 ']) expect(settingFlag(v)).toBe(true)
    for (const v of ['false', 'FALSE', '0', '-3']) expect(settingFlag(v)).toBe(false)
    for (const v of [undefined, '', 'on', 'yes', '1.5']) expect(settingFlag(v)).toBeUndefined()
    expect(aggregatesEnabled(ctx({ db_aggregates_enabled: 'TRUE' }))).toBe(true)
  })

  it('enables the plan media type from the role only', () => {
    expect(planEnabled(ctx({}))).toBe(false)
    expect(planEnabled(ctx({ db_plan_enabled: 'true' }))).toBe(true)
    expect(planEnabled(ctx({ db_plan_enabled: 'off' }))).toBe(false)
  })
})
