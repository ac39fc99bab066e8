// The project's Node.js floor (22.12) and the Node binary package installed from npm for machines below it (see
// node-runtime.ts).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export const floor = [22, 12] as const
const repoRoot = path.resolve(import.meta.dirname, '..', '..')
const installDir = path.join(repoRoot, '.local-stack', 'node')

/** Whether a version string such as "22.12.0" is at least the floor. */
export function meetsFloor(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > floor[0] || (major === floor[0] && minor >= floor[1])
}

/** The npm package holding the official Node binary for this platform and CPU. */
export function binaryPackage(platform = process.platform, arch = process.arch): string {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`
}

function binaryPath(): string {
  const dir = path.join(installDir, 'node_modules', binaryPackage())
  return process.platform === 'win32' ? path.join(dir, 'node.exe') : path.join(dir, 'bin', 'node')
}

function version(node: string): string | undefined {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined
}

/** A Node binary meeting the floor, installed into .local-stack/node when it is not there yet. */
export function installNode(): string {
  const node = binaryPath()
  const installed = existsSync(node) ? version(node) : undefined
  if (installed && meetsFloor(installed)) return node
  process.stderr.write(`Node ${process.versions.node} is older than ${floor.join('.')}: installing Node 22 from npm…\n`)
  const npm = process.env.npm_execpath
  const args = ['install', '--prefix', installDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund']
  const spec = `${binaryPackage()}@^${floor.join('.')}.0`
  const result = npm
    ? spawnSync(process.execPath, [npm, ...args, spec], { stdio: 'inherit' })
    : spawnSync('npm', [...args, spec], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0 || !existsSync(node)) {
    throw new Error(`Could not install ${spec}: install Node.js 22.12 or newer and run the command again.`)
  }
  return node
}
