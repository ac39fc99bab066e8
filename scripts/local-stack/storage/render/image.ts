// The image work imgproxy does behind storage-api, on libvips through sharp, with the settings `supabase start` gives
// imgproxy: sources up to 25,000,000 bytes and 50 megapixels, at most 60 animation frames, no upscaling, EXIF
// orientation applied and metadata stripped, WebP when the request's Accept allows it and no format was asked for
// (IMGPROXY_ENABLE_WEBP_DETECTION; AVIF only when asked). A source it cannot read answers imgproxy's 422.
import type { Metadata } from 'sharp'
import { loadOnFirstUse } from '../../http/load-on-first-use.ts'
import { StorageError } from '../errors.ts'
import { resizingType, sizeLimits, type TransformOptions } from './options.ts'

/** libvips through sharp loads with the first transformed image, not at every start of the stack. */
const loadSharp = loadOnFirstUse(async () => (await import('sharp')).default)

export const sourceLimits = { bytes: 25_000_000, pixels: 50_000_000, frames: 60 }

/** storage-api's ImageProcessingError for imgproxy's 422: InvalidRequest, imgproxy's public message. */
const invalidSource = () => new StorageError('InvalidRequest', 422, 'Invalid source image')

export interface Rendered {
  body: Buffer
  mimetype: string
}

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff' | 'svg'

/** What the source is, as far as imgproxy's formats go (HEIF only as AVIF: the prebuilt libvips has no HEVC). */
function sourceFormat(meta: Metadata): OutputFormat | undefined {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
    case 'tiff':
    case 'svg':
      return meta.format
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : undefined
    default:
      return undefined
  }
}

function outputFormat(source: OutputFormat, options: TransformOptions, accept: string | undefined): OutputFormat {
  if (options.format === 'avif' || options.format === 'webp') return options.format
  // storage-api forwards Accept only when the format is not "origin".
  if (options.format !== 'origin' && accept && /\bimage\/webp\b/i.test(accept)) return 'webp'
  return source
}

const clamp = (n: number | undefined) => (n ? Math.min(Math.max(n, sizeLimits.min), sizeLimits.max) : 0)

/** imgproxy's geometry without enlarging: the scaled size and, for cover (fill), the centred crop. */
interface Geometry {
  width: number
  height: number
  crop?: { width: number; height: number }
}

function geometry(width: number, height: number, options: TransformOptions): Geometry | undefined {
  const w = clamp(options.width)
  const h = clamp(options.height)
  if (!w && !h) return undefined
  const type = resizingType(options.resize)
  const wr = w ? w / width : 0
  const hr = h ? h / height : 0
  if (type === 'force') {
    const sx = Math.min(1, wr || hr)
    const sy = Math.min(1, hr || wr)
    return { width: Math.max(1, Math.round(width * sx)), height: Math.max(1, Math.round(height * sy)) }
  }
  const scale = Math.min(1, type === 'fit' ? Math.min(wr || hr, hr || wr) : Math.max(wr, hr))
  const scaled = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
  if (type === 'fit') return scaled
  return {
    ...scaled,
    crop: { width: Math.min(w || scaled.width, scaled.width), height: Math.min(h || scaled.height, scaled.height) },
  }
}

export async function renderImage(
  source: Buffer,
  options: TransformOptions,
  accept: string | undefined,
): Promise<Rendered> {
  if (source.length > sourceLimits.bytes) throw invalidSource()
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(source, { failOn: 'none' }).metadata()
  } catch {
    throw invalidSource()
  }
  const format = sourceFormat(meta)
  if (!format || !meta.width || !meta.height) throw invalidSource()
  const frames = meta.pages ?? 1
  const frameHeight = meta.pageHeight ?? meta.height
  if (meta.width * frameHeight > sourceLimits.pixels || frames > sourceLimits.frames) throw invalidSource()
  const target = outputFormat(format, options, accept)
  // imgproxy hands an SVG back as it is unless it must become a raster format.
  if (target === 'svg') return { body: source, mimetype: 'image/svg+xml' }
  const animated = frames > 1 && (target === 'gif' || target === 'webp')
  // libvips' loaders as imgproxy runs them: a damaged chunk (a bad CRC, a truncated tail) is read past, not refused.
  let image = sharp(source, { animated, limitInputPixels: false, failOn: 'none' }).autoOrient()
  const size = geometry(meta.autoOrient.width, animated ? frameHeight : meta.autoOrient.height, options)
  if (size) {
    image = image.resize(size.width, size.height, { fit: 'fill' })
    if (size.crop) {
      const { crop } = size
      const left = Math.floor((size.width - crop.width) / 2)
      const top = Math.floor((size.height - crop.height) / 2)
      image = image.extract({ left, top, width: crop.width, height: crop.height })
    }
  }
  // imgproxy's qualities: IMGPROXY_QUALITY 80, with its own defaults for WebP (79) and AVIF (63).
  const quality = options.quality ?? (target === 'webp' ? 79 : target === 'avif' ? 63 : 80)
  switch (target) {
    case 'jpeg':
      image = image.jpeg({ quality })
      break
    case 'webp':
      image = image.webp({ quality })
      break
    case 'avif':
      image = image.avif({ quality })
      break
    case 'png':
      image = image.png()
      break
    case 'gif':
      image = image.gif()
      break
    case 'tiff':
      image = image.tiff({ quality })
      break
  }
  try {
    return { body: await image.toBuffer(), mimetype: `image/${target}` }
  } catch {
    throw invalidSource()
  }
}
