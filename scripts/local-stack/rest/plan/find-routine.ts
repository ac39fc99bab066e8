// Choosing the function an RPC call means (PostgREST v14's findProc, src/PostgREST/Plan.hs): overloads are told
// apart by the argument names given, every required parameter named and the rest optional ones; an unnamed
// parameter's name is the empty string, so `{"": …}` names it. When no overload matches by name, a POST whose body
// type fits the type of a function's single unnamed parameter (json/jsonb for JSON, text for text/plain, xml for
// text/xml, bytea for application/octet-stream) calls that one. None is PGRST202 (with a "Perhaps you meant" hint),
// several PGRST203, listed in the order of PostgREST's cache (Routine's Ord in src/PostgREST/SchemaCache/Routine.hs).
import { apiErrors } from '../errors.ts'
import type { BodyType } from '../request/media.ts'
import { closest } from '../schema-cache/fuzzy.ts'
import { key, type Routine, type RoutineParam, type SchemaCache } from '../schema-cache/types.ts'

export interface RoutineChoice {
  routine: Routine
  /**
   * The function has one parameter and it is unnamed: PostgREST calls it positionally with the body (or, for a GET
   * or a form, the arguments as a JSON object), whichever way it was matched.
   */
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
 * Whether the argument names fit the parameters (PostgREST's matchesParams): no parameters takes no names (and no
 * raw body); else every required name given and any others optional names. An unnamed parameter's name is ''.
 */
function matchesParams(routine: Routine, keys: Set<string>, rawBodyPost: boolean): boolean {
  if (routine.params.length === 0) return keys.size === 0 && !rawBodyPost
  const required = new Set(routine.params.filter((p) => p.required).map((p) => p.name))
  const optional = new Set(routine.params.filter((p) => !p.required).map((p) => p.name))
  const rest = [...keys].filter((k) => !optional.has(k))
  return rest.length === required.size && rest.every((k) => required.has(k))
}

/** A POST whose body goes whole to the function's one unnamed parameter, of a type the body's media type maps to. */
function takesWholeBody(routine: Routine, isPost: boolean, bodyType: BodyType): boolean {
  const [only, ...others] = routine.params
  return (
    isPost &&
    only !== undefined &&
    others.length === 0 &&
    only.name === '' &&
    (singleTypes[bodyType] ?? []).includes(only.type)
  )
}

/** One unnamed parameter: PostgREST's OnePosParam, called as `fn($1::type)`. */
export function hasOnePositionalParam(routine: Routine): boolean {
  return routine.params.length === 1 && routine.params[0]!.name === ''
}

export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: Set<string>,
  isPost: boolean,
  bodyType: BodyType,
): RoutineChoice {
  const overloads = [...(cache.routines.get(key(schema, name)) ?? [])].sort(compareRoutines)
  const rawBodyPost = isPost && rawBodyTypes.includes(bodyType)
  const named: Routine[] = []
  const fallback: Routine[] = []
  for (const r of overloads) {
    if (matchesParams(r, keys, rawBodyPost)) named.push(r)
    else if (takesWholeBody(r, isPost, bodyType)) fallback.push(r)
  }
  const candidates = named.length > 0 ? named : fallback
  if (candidates.length === 1) return { routine: candidates[0]!, single: hasOnePositionalParam(candidates[0]!) }
  if (candidates.length > 1) throw ambiguous(candidates)
  throw notFound(cache, schema, name, [...keys].sort(), isPost, bodyType, overloads)
}

/** Text as Haskell's Text compares it: by code point (UTF-8 bytes compare the same way). */
function compareText(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** The type PostgREST keeps beside a parameter's own for length-free input (`character` reads as varying). */
function maxLengthType(type: string): string {
  const widened: Record<string, string> = {
    bit: 'bit varying',
    'bit[]': 'bit varying[]',
    character: 'character varying',
    'character[]': 'character varying[]',
  }
  return widened[type] ?? type
}

function compareParams(a: RoutineParam, b: RoutineParam): number {
  return (
    compareText(a.name, b.name) ||
    compareText(a.type, b.type) ||
    compareText(maxLengthType(a.type), maxLengthType(b.type)) ||
    Number(a.required) - Number(b.required) ||
    Number(a.variadic) - Number(b.variadic)
  )
}

/**
 * Overloads of one name in PostgREST's order: fewer parameters first, then by description (none first), then the
 * parameters in turn (name, type, required, variadic). Two overloads never have the same parameter list, so the
 * later fields of Routine's Ord (return type, volatility, settings) never decide.
 */
export function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length
  if (a.description !== b.description) {
    if (a.description === null) return -1
    if (b.description === null) return 1
    const byDescription = compareText(a.description, b.description)
    if (byDescription !== 0) return byDescription
  }
  for (let i = 0; i < a.params.length; i++) {
    const byParam = compareParams(a.params[i]!, b.params[i]!)
    if (byParam !== 0) return byParam
  }
  return 0
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
