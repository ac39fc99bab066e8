// The API log: one line per request ("rest GET /rest/v1/courses?select=id 200 2.1ms"), always appended to a file
// under the profile's folder and echoed to the terminal only when asked (`--verbose`). Errors always reach both.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import path from 'node:path'
import { dim, red } from '../log.ts'

// Also a presigned S3 URL's signature and session token (a user's JWT), matched in any letter case as S3 reads them.
const secretParams = /([?&](?:apikey|token|access_token|refresh_token|x-amz-security-token|x-amz-signature)=)[^&#]*/gi

/** The request target with credentials in the query string replaced, so the log can be shared. */
export function redactUrl(url: string): string {
  return url.includes('=') ? url.replace(secretParams, '$1[redacted]') : url
}

export function formatRequestLine(
  tag: string,
  method: string,
  url: string,
  status: number | string,
  ms: number,
  aborted = false,
): string {
  const time = ms < 100 ? ms.toFixed(1) : Math.round(ms).toString()
  return `${tag.padEnd(9)} ${method} ${redactUrl(url)} ${status} ${time}ms${aborted ? ' (client went away)' : ''}`
}

export class AccessLog {
  private readonly stream: WriteStream

  constructor(
    readonly file: string,
    private readonly options: { verbose: boolean; terminal?: (text: string) => void },
  ) {
    mkdirSync(path.dirname(file), { recursive: true })
    this.stream = createWriteStream(file, { flags: 'a' })
    // A full disk must not take the stack down with it.
    this.stream.on('error', () => {})
  }

  private get terminal(): (text: string) => void {
    return this.options.terminal ?? ((text) => process.stdout.write(text))
  }

  /** A request line: to the file, and to the terminal when verbose. */
  request = (line: string): void => {
    const now = new Date()
    this.stream.write(`${now.toISOString()} ${line}\n`)
    if (this.options.verbose) this.terminal(`  ${dim(now.toTimeString().slice(0, 8))} ${line}\n`)
  }

  /** An error (a service that threw, with its stack): to the file and always to the terminal. */
  error = (text: string): void => {
    const now = new Date()
    this.stream.write(`${now.toISOString()} ${text}\n`)
    this.terminal(`  ${dim(now.toTimeString().slice(0, 8))} ${red(text)}\n`)
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve))
  }
}
