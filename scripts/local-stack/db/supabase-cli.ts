// Runs the real Supabase CLI (npm package `supabase`) against a database URL, the way it is used without Docker:
// `supabase <command> --remote=<url> --yes`.
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { repoRoot } from '../paths.ts'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

const cliBin = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'supabase.cmd' : 'supabase')

export interface CliOptions {
  /** Echo the CLI's output while it runs. */
  stream?: boolean
  /** The folder holding supabase/ (the repo, unless a test points elsewhere). */
  workdir?: string
}

export function runSupabaseCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const workdir = options.workdir ?? repoRoot
  return new Promise((resolve, reject) => {
    const child = spawn(cliBin, [...args, '--workdir', workdir], {
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
      reject(new Error(`Could not run the Supabase CLI (${cliBin}): ${error.message}`, { cause: error })),
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
  const result = await withCliUrl(url, (cliUrl) => runSupabaseCli([...args, `--remote=${cliUrl}`], options))
  if (result.code !== 0) throw new CliError(args.join(' '), result)
  return result
}

/**
 * The CLI takes a URL on loopback with the port of config.toml's [db] for its own Docker stack, and then tries to
 * inspect and restart that stack's containers. Reached through any other port it treats the database as the plain
 * remote Postgres it is, so the CLI is given a short-lived pass-through port for the length of one command.
 */
async function withCliUrl<T>(url: string, work: (cliUrl: string) => Promise<T>): Promise<T> {
  const target = new URL(url)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
      socket.once('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
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
