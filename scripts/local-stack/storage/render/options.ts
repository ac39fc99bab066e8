// The transformation options of /render/image: storage-api's query schema (width and height integers >= 0, resize
// cover|contain|fill, format origin|avif|webp, quality 20–100, with Fastify's Ajv coercion of query strings), the
// imgproxy segments it builds from them (sizes clamped to 1–2000, storage-api's IMAGE_TRANSFORMATION_LIMIT_* defaults
// under `supabase start`), and the `transformations` string a signed URL's token carries.
import { errors } from '../errors.ts'

export type Resize = 'cover' | 'contain' | 'fill'
export type Format = 'origin' | 'avif' | 'webp'

export interface TransformOptions {
  width?: number
  height?: number
  resize?: Resize
  format?: Format
  quality?: number
}

export const sizeLimits = { min: 1, max: 2000 }

function integer(raw: string, name: string, min: number, max?: number): number {
  // Ajv coerces a numeric query string; an empty or non-numeric one is "must be integer".
  const value = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : NaN
  if (!Number.isInteger(value)) throw errors.validation(`querystring/${name} must be integer`)
  if (value < min) throw errors.validation(`querystring/${name} must be >= ${min}`)
  if (max !== undefined && value > max) throw errors.validation(`querystring/${name} must be <= ${max}`)
  return value
}

function oneOf<T extends string>(raw: string, name: string, allowed: readonly T[]): T {
  if (!allowed.includes(raw as T))
    throw errors.validation(`querystring/${name} must be equal to one of the allowed values`)
  return raw as T
}

/** The query of the public and authenticated render routes, checked as the route's schema checks it. */
export function optionsFromQuery(query: URLSearchParams): TransformOptions {
  const options: TransformOptions = {}
  const get = (name: string) => query.get(name)
  if (get('height') !== null) options.height = integer(get('height')!, 'height', 0)
  if (get('width') !== null) options.width = integer(get('width')!, 'width', 0)
  if (get('resize') !== null) options.resize = oneOf(get('resize')!, 'resize', ['cover', 'contain', 'fill'] as const)
  if (get('format') !== null) options.format = oneOf(get('format')!, 'format', ['origin', 'avif', 'webp'] as const)
  if (get('quality') !== null) options.quality = integer(get('quality')!, 'quality', 20, 100)
  return options
}

/** The body's `transform` of createSignedUrl, under the same schema (JSON numbers or numeric strings). */
export function optionsFromBody(transform: unknown): TransformOptions {
  if (transform === null || typeof transform !== 'object' || Array.isArray(transform)) {
    throw errors.validation('body/transform must be object')
  }
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(transform as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value))
  }
  try {
    return optionsFromQuery(query)
  } catch (error) {
    if (error instanceof Error) error.message = error.message.replace('querystring/', 'body/transform/')
    throw error
  }
}

const clamp = (n: number) => Math.min(Math.max(n, sizeLimits.min), sizeLimits.max)

/**
 * storage-api's applyTransformation: the segments it sends imgproxy and echoes in X-Transformations. `keepOriginal`
 * (signing) writes `resize:<value>` instead of imgproxy's resizing type, so the token carries what the caller asked.
 */
export function segments(options: TransformOptions, keepOriginal = false): string[] {
  const out: string[] = []
  if (options.height) out.push(`height:${clamp(options.height)}`)
  if (options.width) out.push(`width:${clamp(options.width)}`)
  if (options.width || options.height) {
    out.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${resizingType(options.resize)}`)
  }
  if (options.quality) out.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') out.push(`format:${options.format}`)
  return out
}

export type ResizingType = 'fill' | 'fit' | 'force'

/** cover → imgproxy's fill (crop), contain → fit, fill → force (stretch); anything else is cover. */
export function resizingType(resize: string | undefined): ResizingType {
  return resize === 'contain' ? 'fit' : resize === 'fill' ? 'force' : 'fill'
}

/** A signed token's `transformations` ("height:200,width:300,resize:cover"), read as storage-api reads it. */
export function optionsFromToken(transformations: string): TransformOptions {
  const options: TransformOptions = {}
  for (const param of transformations.split(',')) {
    const [name, value = ''] = param.split(':')
    if (name === 'height') options.height = parseInt(value, 10)
    else if (name === 'width') options.width = parseInt(value, 10)
    else if (name === 'resize') options.resize = value as Resize
    else if (name === 'format') options.format = value as Format
    else if (name === 'quality') options.quality = parseInt(value, 10)
  }
  return options
}
