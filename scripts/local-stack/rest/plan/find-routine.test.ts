// Unit tests of choosing the function an RPC call means: overloads by argument names, and a body that goes whole
// to the function's single unnamed parameter of the body's type, as PostgREST's findProc does (PGRST202 otherwise).
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import type { BodyType } from '../request/media.ts'
import { key, type Routine, type RoutineParam } from '../schema-cache/types.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import { findRoutine } from './find-routine.ts'

const param = (name: string, type: string, required = true): RoutineParam => ({ name, type, required, variadic: false })
const routine = (name: string, params: RoutineParam[]): Routine => ({
  oid: 0,
  schema: 'api',
  name,
  params,
  returns: { kind: 'scalar', type: 'text', set: false },
  volatility: 'immutable',
  description: null,
})
const routines = [
  routine('echo_text', [param('', 'text')]),
  routine('echo_json', [param('', 'json')]),
  routine('byte_length', [param('', 'bytea')]),
  routine('pair', [param('', 'integer'), param('', 'integer')]),
  routine('greet', [param('name', 'text', false)]),
  routine('add_item', [param('name', 'text')]),
  routine('named_json', [param('data', 'json')]),
]
const cache = { ...fakeCache(), routines: new Map(routines.map((r) => [key(r.schema, r.name), [r]])) }

const find = (name: string, keys: string[], bodyType: BodyType = 'json', isPost = true) =>
  findRoutine(cache, 'api', name, new Set(keys), isPost, bodyType)

function failure(fn: () => unknown): ApiError {
  try {
    fn()
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected an error')
}

describe('finding the function of an RPC call', () => {
  it('never matches an empty key to an unnamed parameter (PGRST202)', () => {
    for (const [name, keys] of [
      ['echo_text', ['']],
      ['pair', ['']],
    ] as const) {
      const error = failure(() => find(name, [...keys]))
      expect(error.body?.code, name).toBe('PGRST202')
      expect(error.status).toBe(404)
    }
    expect(failure(() => find('echo_text', [''], 'json', false)).body.code).toBe('PGRST202')
    // A JSON body still goes whole to a single unnamed json parameter, whatever its keys.
    expect(find('echo_json', [''])).toMatchObject({ routine: { name: 'echo_json' }, single: true })
  })

  it('gives a text, xml or binary body only to a function whose single parameter is unnamed and of that type', () => {
    expect(find('echo_text', [], 'text')).toMatchObject({ routine: { name: 'echo_text' }, single: true })
    expect(find('byte_length', [], 'octet-stream')).toMatchObject({ routine: { name: 'byte_length' }, single: true })
    for (const [name, type] of [
      ['greet', 'text'],
      ['add_item', 'text'],
      ['echo_text', 'octet-stream'],
      ['byte_length', 'text'],
      ['echo_text', 'xml'],
    ] as const) {
      const error = failure(() => find(name, [], type))
      expect(error.body?.code, `${name} with ${type}`).toBe('PGRST202')
    }
    expect(failure(() => find('greet', [], 'text')).body.details).toBe(
      'Searched for the function api.greet with a single unnamed text parameter, but no matches were found in the schema cache.',
    )
  })

  it('gives a JSON body whole only to a single unnamed json or jsonb parameter', () => {
    expect(find('echo_json', ['anything'])).toMatchObject({ routine: { name: 'echo_json' }, single: true })
    expect(find('named_json', ['data'])).toMatchObject({ routine: { name: 'named_json' }, single: false })
    expect(failure(() => find('named_json', ['other'])).body.code).toBe('PGRST202')
  })

  it('matches named arguments as before', () => {
    expect(find('greet', [])).toMatchObject({ routine: { name: 'greet' }, single: false })
    expect(find('greet', ['name'], 'json', false)).toMatchObject({ routine: { name: 'greet' }, single: false })
    expect(find('add_item', ['name'], 'urlencoded')).toMatchObject({ routine: { name: 'add_item' }, single: false })
  })
})
