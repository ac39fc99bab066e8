// The web app's Vite dev server, started as a child of the stack on 127.0.0.1:5173.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { publishableKey } from './keys/index.ts'
import { repoRoot } from './paths.ts'

export const webPort = 5173
export const webUrl = `http://127.0.0.1:${webPort}`

export class WebServer {
  private child: ChildProcess | undefined
  private exited: Promise<number | null> | undefined

  async start(apiUrl: string): Promise<void> {
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
    const child = spawn(process.execPath, [vite, '--host', '127.0.0.1', '--port', String(webPort), '--strictPort'], {
      cwd: path.join(repoRoot, 'web'),
      env: { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    let output = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const deadline = Date.now() + 30_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The Vite dev server exited:\n${output.trim()}`)
      try {
        const response = await fetch(webUrl)
        if (response.ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The Vite dev server did not answer within 30 s:\n${output.trim()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
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
