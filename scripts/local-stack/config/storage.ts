// The [storage] section of supabase/config.toml as the Storage service needs it: whether it runs, the server-wide
// upload limit, and the buckets `supabase start` creates. Sizes are parsed the way the CLI parses them.

export interface ConfigBucket {
  public: boolean
  /** Bytes, or null for "the server-wide limit". */
  fileSizeLimit: number | null
  /** null: any type. */
  allowedMimeTypes: string[] | null
  /** objects_path as written, relative to supabase/: files there are uploaded into the bucket (`supabase seed buckets`). */
  objectsPath?: string
}

export interface StorageSettings {
  enabled: boolean
  /** Bytes: no object may be larger (storage-api's FILE_SIZE_LIMIT). */
  fileSizeLimit: number
  buckets: Record<string, ConfigBucket>
  /** `[storage.s3_protocol] enabled`: the S3 endpoint at /storage/v1/s3 (the CLI's template turns it on). */
  s3Protocol?: boolean
}

type Table = Record<string, unknown>

const asTable = (value: unknown): Table =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {}

const units: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 }

/**
 * A size as config.toml writes it: a number of bytes, or "5MiB"/"5MB"/"5m". The CLI parses these with go-units'
 * RAMInBytes, where every unit is binary (so "5MB" is 5 × 1024² bytes, like "5MiB").
 */
export function parseConfigSize(value: unknown, key: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?) ?([kmgtp])?i?b?$/i.exec(value.trim()) : null
  if (!match) throw new Error(`supabase/config.toml: "${key}" should be a size such as "50MiB"`)
  return Math.floor(Number(match[1]) * units[(match[2] ?? '').toLowerCase()]!)
}

function stringList(value: unknown, key: string): string[] | null {
  if (value === undefined) return null
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new Error(`supabase/config.toml: "${key}" should be a list of strings`)
  }
  return value as string[]
}

function objectsPath(value: unknown, prefix: string): string {
  if (typeof value !== 'string') throw new Error(`supabase/config.toml: "${prefix}.objects_path" should be a string`)
  return value
}

export function storageSettingsFrom(raw: Table): StorageSettings {
  const storage = asTable(raw.storage)
  const buckets = asTable(storage.buckets)
  return {
    enabled: storage.enabled !== false,
    s3Protocol: asTable(storage.s3_protocol).enabled !== false,
    fileSizeLimit: parseConfigSize(storage.file_size_limit ?? '50MiB', 'storage.file_size_limit'),
    buckets: Object.fromEntries(
      Object.entries(buckets).map(([name, value]) => {
        const bucket = asTable(value)
        const prefix = `storage.buckets.${name}`
        return [
          name,
          {
            public: bucket.public === true,
            fileSizeLimit:
              bucket.file_size_limit === undefined
                ? null
                : parseConfigSize(bucket.file_size_limit, `${prefix}.file_size_limit`),
            allowedMimeTypes: stringList(bucket.allowed_mime_types, `${prefix}.allowed_mime_types`),
            ...(bucket.objects_path !== undefined && { objectsPath: objectsPath(bucket.objects_path, prefix) }),
          },
        ]
      }),
    ),
  }
}
