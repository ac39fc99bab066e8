// Choosing the function an RPC call means (PostgREST's findProc): overloads are told apart by the argument names
// given; a function with a single unnamed parameter of the body's type (json/jsonb, text, xml, bytea) takes the
// whole body when no named match exists, and is the only kind a raw body can call. None is PGRST202 (with a
// "Perhaps you meant" hint), several PGRST203.
import { apiErrors } from '../errors.ts'
import type { BodyType } from '../request/media.ts'
import { closest } from '../schema-cache/fuzzy.ts'
import { key, type Routine, type SchemaCache } from '../schema-cache/types.ts'

export interface RoutineChoice {
  routine: Routine
  /** The whole body goes to the single parameter. */
  single: boolean
}

const singleTypes: Partial<Record<BodyType, string[]>> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  'octet-stream': ['bytea'],
}

const rawBodyTypes: BodyType[] = ['text', 'xml', 'octet-stream']

/**
 * Whether the argument names fit the parameters: every required one given, the rest optional ones. An unnamed
 * parameter has no name to give (an empty key is not its name), so it can only be left to its default.
 */
function matchesParams(routine: Routine, keys: Set<string>): boolean {
  if (routine.params.length === 0) return keys.size === 0
  if (keys.has('')) return false
  const required = routine.params.filter((p) => p.required).map((p) => p.name)
  const optional = new Set(routine.params.filter((p) => !p.required && p.name !== '').map((p) => p.name))
  const rest = [...keys].filter((k) => !optional.has(k))
  return rest.length === required.length && required.every((r) => r !== '' && keys.has(r))
}

/** A function the whole body goes to: one unnamed parameter, of a type the body's media type maps to. */
function takesWholeBody(routine: Routine, bodyType: BodyType): boolean {
  const [only, ...others] = routine.params
  return (
    only !== undefined && others.length === 0 && only.name === '' && (singleTypes[bodyType] ?? []).includes(only.type)
  )
}

export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: Set<string>,
  isPost: boolean,
  bodyType: BodyType,
): RoutineChoice {
  const overloads = cache.routines.get(key(schema, name)) ?? []
  // A raw body carries no argument names: only the whole-body functions can take it.
  const rawBodyPost = isPost && rawBodyTypes.includes(bodyType)
  const named = rawBodyPost ? [] : overloads.filter((r) => matchesParams(r, keys))
  const single = isPost ? overloads.filter((r) => takesWholeBody(r, bodyType)) : []
  if (named.length === 1) return { routine: named[0]!, single: false }
  if (named.length > 1) throw ambiguous(named)
  if (single.length === 1) return { routine: single[0]!, single: true }
  if (single.length > 1) throw ambiguous(single)
  throw notFound(cache, schema, name, [...keys].sort(), isPost, bodyType, overloads)
}

function ambiguous(routines: Routine[]) {
  return apiErrors.ambiguousFunction(
    routines.map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`),
  )
}

function notFound(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  bodyType: BodyType,
  overloads: Routine[],
) {
  const fn = `${schema}.${name}`
  const onlySingle = isPost && rawBodyTypes.includes(bodyType)
  const prms = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`
  const message = `Could not find the function ${fn}${onlySingle ? '' : prms} in the schema cache`
  const withParams =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
  const suffix = !isPost
    ? withParams
    : bodyType === 'text'
      ? ' with a single unnamed text parameter'
      : bodyType === 'xml'
        ? ' with a single unnamed xml parameter'
        : bodyType === 'octet-stream'
          ? ' with a single unnamed bytea parameter'
          : bodyType === 'json'
            ? `${withParams} or with a single unnamed json/jsonb parameter`
            : withParams
  const details = `Searched for the function ${fn}${suffix}, but no matches were found in the schema cache.`
  let hint: string | null = null
  if (!onlySingle) {
    if (overloads.length === 0) {
      const names = [...cache.routines.values()].flatMap((overloads) =>
        overloads[0]?.schema === schema ? [overloads[0].name] : [],
      )
      const best = closest(name, names)
      if (best !== null) hint = `Perhaps you meant to call the function ${schema}.${best}`
    } else {
      const lists = overloads.map(
        (r) =>
          `(${r.params
            .map((p) => p.name)
            .sort()
            .join(', ')})`,
      )
      const best = closest(`(${keys.join(', ')})`, lists, 0.33)
      if (best !== null) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`
    }
  }
  return apiErrors.noFunction(message, details, hint)
}
