// Reads supabase/config.toml, the single source of the stack's settings (ports, auth, storage, functions), into a
// typed object. Only the settings the local stack uses are typed; the rest of the file is ignored here.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { supabaseDir } from '../paths.ts'

export interface StackConfig {
  projectId: string
  api: { port: number; schemas: string[]; extraSearchPath: string[]; maxRows: number }
  db: { port: number; majorVersion: number; seedEnabled: boolean; seedPaths: string[] }
  inbox: { port: number }
  studio: { port: number }
  auth: {
    siteUrl: string
    minimumPasswordLength: number
    enableConfirmations: boolean
    /** Absolute path of the JWK file that signs user tokens, when [auth] signing_keys_path is set. */
    signingKeysPath: string | undefined
  }
  /** [functions.<name>] sections: per-function settings of the edge runtime. */
  functions: Record<string, { verifyJwt: boolean; enabled: boolean }>
}

type Table = Record<string, unknown>

function table(parent: Table, key: string): Table {
  const value = parent[key]
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {}
}

function value<T>(parent: Table, key: string, fallback: T): T {
  const found = parent[key]
  if (found === undefined) return fallback
  if (typeof found !== typeof fallback || Array.isArray(found) !== Array.isArray(fallback)) {
    throw new Error(`supabase/config.toml: "${key}" should be a ${Array.isArray(fallback) ? 'list' : typeof fallback}`)
  }
  return found as T
}

export function loadConfig(file = path.join(supabaseDir, 'config.toml')): StackConfig {
  let raw: Table
  try {
    raw = parse(readFileSync(file, 'utf8')) as Table
  } catch (error) {
    throw new Error(`Could not read ${path.relative(process.cwd(), file)}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const api = table(raw, 'api')
  const db = table(raw, 'db')
  const seed = table(db, 'seed')
  const auth = table(raw, 'auth')
  const email = table(auth, 'email')
  return {
    projectId: value(raw, 'project_id', 'summit'),
    api: {
      port: value(api, 'port', 54321),
      schemas: value(api, 'schemas', ['public', 'graphql_public']),
      extraSearchPath: value(api, 'extra_search_path', ['public', 'extensions']),
      maxRows: value(api, 'max_rows', 1000),
    },
    db: {
      port: value(db, 'port', 54322),
      majorVersion: value(db, 'major_version', 17),
      seedEnabled: value(seed, 'enabled', true),
      seedPaths: value(seed, 'sql_paths', ['./seed.sql']),
    },
    inbox: { port: value(table(raw, 'local_smtp'), 'port', 54324) },
    studio: { port: value(table(raw, 'studio'), 'port', 54323) },
    auth: {
      siteUrl: value(auth, 'site_url', 'http://127.0.0.1:3000'),
      minimumPasswordLength: value(auth, 'minimum_password_length', 6),
      enableConfirmations: value(email, 'enable_confirmations', false),
      signingKeysPath: auth.signing_keys_path
        ? path.resolve(path.dirname(file), value(auth, 'signing_keys_path', ''))
        : undefined,
    },
    functions: Object.fromEntries(
      Object.keys(table(raw, 'functions')).map((name) => {
        const fn = table(table(raw, 'functions'), name)
        return [name, { verifyJwt: value(fn, 'verify_jwt', true), enabled: value(fn, 'enabled', true) }]
      }),
    ),
  }
}
