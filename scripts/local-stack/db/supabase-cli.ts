// Runs the real Supabase CLI (npm package `supabase`) against a database URL, the way it is used without Docker:
// `supabase <command> --remote=<url> --yes`.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { repoRoot } from '../paths.ts'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

const cliWrapper = path.join(repoRoot, 'node_modules', 'supabase', 'dist', 'supabase.js')

/**
 * The CLI's own binary, found as its npm wrapper (a Node script) finds it, so that a command does not start Node
 * first (about a tenth of a second each); the wrapper itself when the binary is not where it looks.
 */
function cliCommand(): { file: string; args: string[] } {
  const override = process.env.SUPABASE_CLI_BINARY_OVERRIDE
  if (override) return { file: override, args: [] }
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const require = createRequire(cliWrapper)
  for (const suffix of [`${platform}-${process.arch}`, `${platform}-${process.arch}-musl`]) {
    try {
      const dir = path.dirname(require.resolve(`@supabase/cli-${suffix}/package.json`))
      return { file: path.join(dir, 'bin', process.platform === 'win32' ? 'supabase.exe' : 'supabase'), args: [] }
    } catch {
      // not installed for this platform
    }
  }
  return { file: process.execPath, args: [cliWrapper] }
}

const cli = cliCommand()

export interface CliOptions {
  /** Echo the CLI's output while it runs. */
  stream?: boolean
  /** The folder holding supabase/ (the repo, unless a test points elsewhere). */
  workdir?: string
  /**
   * The database is still being made: the CLI starts now (its own start takes about half a second of CPU) and its
   * connections wait until this resolves. If it rejects, they are closed and the command fails.
   */
  databaseReady?: Promise<unknown>
}

export function runSupabaseCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const workdir = options.workdir ?? repoRoot
  return new Promise((resolve, reject) => {
    const child = spawn(cli.file, [...cli.args, ...args, '--workdir', workdir], {
      cwd: workdir,
      // Telemetry and update checks would reach for the network, which may not be there.
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (options.stream) process.stdout.write(chunk)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (options.stream) process.stderr.write(chunk)
    })
    child.once('error', (error) =>
      reject(new Error(`Could not run the Supabase CLI (${cli.file}): ${error.message}`, { cause: error })),
    )
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

export class CliError extends Error {
  constructor(
    readonly command: string,
    readonly result: CliResult,
  ) {
    super(`\`supabase ${command}\` failed:\n${(result.stderr + result.stdout).trim()}`)
  }
}

/** Runs `supabase <args> --remote=<url>` and throws a CliError carrying the CLI's own message when it fails. */
export async function supabase(args: string[], url: string, options: CliOptions = {}): Promise<CliResult> {
  const result = await withCliUrl(url, options.databaseReady, (cliUrl) =>
    runSupabaseCli([...args, `--remote=${cliUrl}`], options),
  )
  if (result.code !== 0) throw new CliError(args.join(' '), result)
  return result
}

/**
 * The CLI takes a URL on loopback with the port of config.toml's [db] for its own Docker stack, and then tries to
 * inspect and restart that stack's containers. Reached through any other port it treats the database as the plain
 * remote Postgres it is, so the CLI is given a short-lived pass-through port for the length of one command. A
 * connection made before `ready` resolves is held (its bytes wait unread) and passed through once it has.
 */
async function withCliUrl<T>(
  url: string,
  ready: Promise<unknown> | undefined,
  work: (cliUrl: string) => Promise<T>,
): Promise<T> {
  const target = new URL(url)
  // Observed here too: it may fail before the CLI has connected at all.
  ready?.catch(() => {})
  const sockets = new Set<net.Socket>()
  const server = net.createServer(async (client) => {
    sockets.add(client)
    client.once('close', () => sockets.delete(client))
    client.once('error', () => client.destroy())
    const passable = await (ready ?? Promise.resolve()).then(
      () => true,
      () => false,
    )
    if (!passable || client.destroyed) {
      client.destroy()
      return
    }
    const upstream = net.connect(Number(target.port), target.hostname)
    sockets.add(upstream)
    upstream.once('close', () => sockets.delete(upstream))
    const closeBoth = () => {
      client.destroy()
      upstream.destroy()
    }
    client.once('error', closeBoth)
    upstream.once('error', closeBoth)
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as net.AddressInfo
  const cliUrl = new URL(url)
  cliUrl.port = String(port)
  // The local cluster has no TLS; without this the CLI tries it first and prints a warning into its output.
  cliUrl.searchParams.set('sslmode', 'disable')
  try {
    return await work(cliUrl.toString())
  } finally {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  }
}
