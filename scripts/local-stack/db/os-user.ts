// PostgreSQL refuses to run as root. When the stack is started by root (CI sandboxes, containers), the database runs
// as a dedicated unprivileged system user instead, which needs to own its data and reach the binaries.
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export interface RunAs {
  name: string
  uid: number
  gid: number
}

const userName = 'summitdb'

function lookup(name: string): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
    return { name, uid, gid }
  } catch {
    return undefined
  }
}

/** The user the database runs as: undefined (the current user) unless we are root. */
export function databaseUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined
  const existing = lookup(userName)
  if (existing) return existing
  try {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', userName], {
      stdio: 'ignore',
    })
  } catch {
    // No useradd (or no permission to use it): the always-present `nobody` will do.
    const nobody = lookup('nobody')
    if (nobody) return nobody
    throw new Error('Running as root, and no unprivileged user could be found or created for PostgreSQL')
  }
  const created = lookup(userName)
  if (!created) throw new Error(`useradd ${userName} succeeded but the user cannot be looked up`)
  return created
}

/**
 * Lets `user` walk down to `target`: adds search permission (o+x, never read) on each ancestor that lacks it, e.g. a
 * clone made in a `mktemp -d` folder (mode 700). Returns the folders it changed.
 */
export function grantTraverse(target: string): string[] {
  const changed: string[] = []
  let dir = path.resolve(target)
  for (;;) {
    const mode = statSync(dir).mode
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001)
      changed.push(dir)
    }
    const parent = path.dirname(dir)
    if (parent === dir) return changed
    dir = parent
  }
}

export function chownTree(target: string, user: RunAs): void {
  chownSync(target, user.uid, user.gid)
  if (!statSync(target).isDirectory()) return
  for (const entry of readdirSync(target)) chownTree(path.join(target, entry), user)
}
