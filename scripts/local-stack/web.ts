// The web app on 127.0.0.1:5173 (or another port), started as a child process: Vite's dev server for `npm start`,
// or a production build served by `vite preview` for the end-to-end tests and the web benchmark (pages load as users
// get them, without the dev server compiling modules on first request while the browser waits).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { publishableKey } from './keys/index.ts'
import { repoRoot, stackDir } from './paths.ts'

export const webPort = 5173
export const webUrl = `http://127.0.0.1:${webPort}`

export interface WebServerOptions {
  port?: number
  /** Where a production build goes (under .local-stack/). */
  outDir?: string
}

export class WebServer {
  private child: ChildProcess | undefined
  private exited: Promise<number | null> | undefined
  readonly port: number
  private readonly outDir: string

  constructor({ port = webPort, outDir = path.join(stackDir, 'web-dist') }: WebServerOptions = {}) {
    this.port = port
    this.outDir = outDir
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /**
   * `yieldCpu` (the dev server only): it starts beside a database being built (initdb, every migration, the seed),
   * which is the longer of the two, and yields the CPU to that work (nice 10). Beside a kept database it is the longer
   * one, and runs at the usual priority.
   */
  async start(
    apiUrl: string,
    { production = false, yieldCpu = false }: { production?: boolean; yieldCpu?: boolean } = {},
  ): Promise<void> {
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
    const cwd = path.join(repoRoot, 'web')
    const env = { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey }
    const outDir = this.outDir
    if (production) {
      await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd,
        env,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: Error & { stderr?: string }) => {
        throw new Error(`The production build of the web app failed:\n${error.stderr ?? error.message}`)
      })
    }
    const args = production ? ['preview', '--outDir', outDir] : []
    const child = spawn(
      process.execPath,
      [vite, ...args, '--host', '127.0.0.1', '--port', String(this.port), '--strictPort'],
      { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    this.child = child
    // On two cores, 9 cold starts each, alternated: median 5.0 → 4.8 s, 7 of 9 pairs faster with nice 10. On a warm
    // start the dev server is what `npm start` waits for last, and yielding made it later: median of 8 alternated
    // `npm start`s, 2.32 s niced against 2.07 s not.
    if (yieldCpu && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10)
      } catch {
        // not allowed here: it runs at the usual priority
      }
    }
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    let output = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    // Generous: `npm start` runs it side by side with the database's first migrations, which share the CPU with it.
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The web server (vite) exited:\n${output.trim()}`)
      try {
        const response = await fetch(this.url)
        if (response.ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The web server (vite) did not answer within 60 s:\n${output.trim()}`)
      // Polled often: up to a tenth of a second between polls was a twentieth of a warm `npm start`.
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // From here on its output (compile errors, HMR notices) goes to the terminal.
    child.stdout?.removeAllListeners('data').pipe(process.stdout)
    child.stderr?.removeAllListeners('data').pipe(process.stderr)
  }

  /** Resolves with the exit code when the server stops on its own. */
  get done(): Promise<number | null> {
    return this.exited ?? new Promise(() => {})
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await this.exited
    clearTimeout(timeout)
  }
}
