// Installs the system tools `npm test` needs and npm cannot provide: pgTAP's SQL files and pg_prove (with psql).
// On Debian-like machines, as root, it installs them with apt; anywhere else it says what to install.
import { execFileSync, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { installPgtapFiles } from '../local-stack/db/pgtap.ts'
import { dim } from '../local-stack/log.ts'

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function aptPackageExists(name: string): boolean {
  return spawnSync('apt-cache', ['show', name], { stdio: 'ignore' }).status === 0
}

/** Whether this process can install Debian packages itself: root, with apt-get. */
function canApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && onPath('apt-get')
}

let aptUpdated = false

/** `apt-get update`, once per run. */
function aptUpdate(): void {
  if (aptUpdated) return
  process.stdout.write(dim('  apt-get update\n'))
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  aptUpdated = true
}

function aptInstall(packages: string[]): void {
  if (!canApt()) {
    throw new Error(
      `Missing system packages: ${packages.join(', ')}. Install them (Debian/Ubuntu: sudo apt-get install ${packages.join(' ')}) and run again.`,
    )
  }
  aptUpdate()
  process.stdout.write(dim(`  apt-get install ${packages.join(' ')}\n`))
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

/** pgTAP's files, from whichever postgresql-NN-pgtap package the distribution has. */
function pgtapPackage(): string {
  const candidates = ['postgresql-17-pgtap', 'postgresql-16-pgtap', 'postgresql-15-pgtap']
  const found = candidates.find(aptPackageExists)
  if (found) return found
  if (!aptUpdated && canApt()) {
    aptUpdate()
    return candidates.find(aptPackageExists) ?? candidates.at(-1)!
  }
  return candidates.at(-1)!
}

export function ensureDatabaseTestTools(): void {
  const missing: string[] = []
  if (!installPgtapFiles()) missing.push(pgtapPackage())
  if (!onPath('pg_prove')) missing.push('libtap-parser-sourcehandler-pgtap-perl')
  if (!onPath('psql')) missing.push('postgresql-client')
  if (missing.length === 0) return
  aptInstall(missing)
  if (!installPgtapFiles())
    throw new Error('pgTAP was installed but its files were not found under /usr/share/postgresql')
}

/**
 * The full Chromium, where the journeys' headless shell cannot be had: CHROMIUM_PATH, else Debian's package (installed
 * with apt where apt and root are available), else the build Playwright installs for itself (`npx playwright install
 * chromium`, as its docs say for macOS and Windows).
 */
export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (runs(path)) return path
  if (canApt()) {
    aptInstall(['chromium'])
    return path
  }
  process.stdout.write(dim('  npx playwright install chromium\n'))
  execFileSync(process.execPath, [playwrightCli(), 'install', 'chromium'], { stdio: 'inherit' })
  const own = playwrightChromium()
  if (!runs(own)) throw new Error(`Playwright installed Chromium, but ${own} does not start`)
  return own
}

/**
 * The Chromium `npm test`'s journeys run in: CHROMIUM_PATH, else Debian's chromium-headless-shell (installed with apt
 * where apt and root are available), else ensureChromium's. The headless shell is the browser Playwright itself runs
 * headless tests in (the same Blink and V8 without the desktop browser around them): 116 of the journeys took 309 s
 * in it against 386 s in the full browser, one run after the other on a 2-core machine.
 */
export function ensureHeadlessChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  const shell = '/usr/lib/chromium/chromium-headless-shell'
  if (runs(shell)) return shell
  if (canApt()) {
    try {
      aptInstall(['chromium-headless-shell'])
      if (runs(shell)) return shell
    } catch (error) {
      process.stdout.write(
        dim(`  chromium-headless-shell could not be installed (${String(error)}): the full browser runs them\n`),
      )
    }
  }
  return ensureChromium()
}

function runs(executable: string): boolean {
  return spawnSync(executable, ['--version'], { stdio: 'ignore' }).status === 0
}

const require = createRequire(import.meta.url)

function playwrightCli(): string {
  return require.resolve('@playwright/test/cli')
}

/** Where Playwright keeps the Chromium of its own version. */
function playwrightChromium(): string {
  const { chromium } = require('@playwright/test') as { chromium: { executablePath(): string } }
  return chromium.executablePath()
}
