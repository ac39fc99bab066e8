// Unit tests of choosing the function an RPC call means: overloads by argument names, and a body that goes whole
// to the function's single unnamed parameter of the body's type, as PostgREST's findProc does (PGRST202 otherwise).
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import type { BodyType } from '../request/media.ts'
import { key, type Routine, type RoutineParam } from '../schema-cache/types.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import { compareRoutines, findRoutine } from './find-routine.ts'

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
  routine('none', []),
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
  it('names an unnamed parameter by the empty key, and calls a single one positionally (PostgREST findProc)', () => {
    expect(find('echo_text', [''])).toMatchObject({ routine: { name: 'echo_text' }, single: true })
    expect(find('echo_text', [''], 'json', false)).toMatchObject({ routine: { name: 'echo_text' }, single: true })
    expect(find('echo_json', [''])).toMatchObject({ routine: { name: 'echo_json' }, single: true })
    expect(find('byte_length', [''])).toMatchObject({ routine: { name: 'byte_length' }, single: true })
    // Names compare as sets, as in PostgREST: '' names every unnamed parameter at once.
    expect(find('pair', [''])).toMatchObject({ routine: { name: 'pair' }, single: false })
    expect(failure(() => find('pair', [])).body.code).toBe('PGRST202')
    // A JSON body still goes whole to a single unnamed json parameter, whatever its keys.
    expect(find('echo_json', ['anything'])).toMatchObject({ routine: { name: 'echo_json' }, single: true })
  })

  it('gives a text, xml or binary body to a function whose single parameter is unnamed and of that type', () => {
    expect(find('echo_text', [], 'text')).toMatchObject({ routine: { name: 'echo_text' }, single: true })
    expect(find('byte_length', [], 'octet-stream')).toMatchObject({ routine: { name: 'byte_length' }, single: true })
    // Optional parameters only: the raw body's empty set of names matches, and the function is called without.
    expect(find('greet', [], 'text')).toMatchObject({ routine: { name: 'greet' }, single: false })
    for (const [name, type] of [
      ['add_item', 'text'],
      ['echo_text', 'octet-stream'],
      ['byte_length', 'text'],
      ['echo_text', 'xml'],
      ['none', 'text'],
    ] as const) {
      const error = failure(() => find(name, [], type))
      expect(error.body?.code, `${name} with ${type}`).toBe('PGRST202')
    }
    expect(failure(() => find('add_item', [], 'text')).body.details).toBe(
      'Searched for the function api.add_item with a single unnamed text parameter, but no matches were found in the schema cache.',
    )
  })

  it('gives a JSON body whole only to a single unnamed json or jsonb parameter', () => {
    expect(find('echo_json', ['anything'])).toMatchObject({ routine: { name: 'echo_json' }, single: true })
    expect(find('named_json', ['data'])).toMatchObject({ routine: { name: 'named_json' }, single: false })
    expect(failure(() => find('named_json', ['other'])).body.code).toBe('PGRST202')
    expect(failure(() => find('echo_text', ['other'])).body.code).toBe('PGRST202')
  })

  it('matches named arguments as before', () => {
    expect(find('greet', [])).toMatchObject({ routine: { name: 'greet' }, single: false })
    expect(find('greet', ['name'], 'json', false)).toMatchObject({ routine: { name: 'greet' }, single: false })
    expect(find('add_item', ['name'], 'urlencoded')).toMatchObject({ routine: { name: 'add_item' }, single: false })
  })

  it('lists ambiguous overloads in PostgREST order: fewer parameters, no description first, then parameters', () => {
    const overloads: Routine[] = [
      { ...routine('o', [param('a', 'text'), param('b', 'integer', false)]), oid: 1 },
      { ...routine('o', [param('a', 'text')]), oid: 2, description: 'described' },
      { ...routine('o', [param('a', 'text')]), oid: 3 },
      { ...routine('o', [param('a', 'integer')]), oid: 4 },
    ]
    // Two overloads can't share a parameter list, but the order is checked for each field in turn.
    const own = { ...fakeCache(), routines: new Map([[key('api', 'o'), overloads]]) }
    const error = failure(() => findRoutine(own, 'api', 'o', new Set(['a']), true, 'json'))
    expect(error.status).toBe(300)
    expect(error.body.message).toBe(
      'Could not choose the best candidate function between: api.o(a => integer), api.o(a => text), api.o(a => text), api.o(a => text, b => integer)',
    )
    const sorted = [...overloads].sort(compareRoutines).map((r) => r.oid)
    expect(sorted).toEqual([4, 3, 2, 1])
  })
})
