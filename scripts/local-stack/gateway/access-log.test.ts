import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AccessLog, formatRequestLine, redactUrl } from './access-log.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-api-log-'))
  dirs.push(dir)
  return path.join(dir, 'dev', 'api.log')
}

describe('the API log', () => {
  it('formats one line per request', () => {
    expect(formatRequestLine('rest', 'GET', '/rest/v1/courses?select=id', 200, 2.345)).toBe(
      'rest      GET /rest/v1/courses?select=id 200 2.3ms',
    )
    expect(formatRequestLine('functions', 'POST', '/functions/v1/x', 500, 1234.4, true)).toBe(
      'functions POST /functions/v1/x 500 1234ms (client went away)',
    )
  })

  it('keeps credentials in query strings out of the log', () => {
    expect(redactUrl('/realtime/v1/websocket?apikey=sb_publishable_x&vsn=2.0.0')).toBe(
      '/realtime/v1/websocket?apikey=[redacted]&vsn=2.0.0',
    )
    expect(redactUrl('/storage/v1/object/sign/b/a.png?token=eyJ.x.y')).toBe(
      '/storage/v1/object/sign/b/a.png?token=[redacted]',
    )
    expect(
      redactUrl(
        '/storage/v1/s3/b/a.png?X-Amz-Credential=stub%2F20261129&X-Amz-Security-Token=eyJ.u.s&X-Amz-Signature=ab12',
      ),
    ).toBe(
      '/storage/v1/s3/b/a.png?X-Amz-Credential=stub%2F20261129&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]',
    )
    expect(redactUrl('/rest/v1/tokens?select=*&token_name=eq.a')).toBe('/rest/v1/tokens?select=*&token_name=eq.a')
  })

  it('writes requests to the file always and to the terminal only when verbose; errors to both', async () => {
    for (const verbose of [false, true]) {
      const file = tempFile()
      const terminal: string[] = []
      const log = new AccessLog(file, { verbose, terminal: (text) => terminal.push(text) })
      log.request('rest      GET /rest/v1/a 200 1.0ms')
      log.error('rest threw on GET /rest/v1/b: Error: boom')
      await log.close()
      const lines = readFileSync(file, 'utf8').trim().split('\n')
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z rest +GET \/rest\/v1\/a 200 1\.0ms$/)
      expect(terminal.some((t) => t.includes('GET /rest/v1/a'))).toBe(verbose)
      expect(terminal.some((t) => t.includes('Error: boom'))).toBe(true)
    }
  })
})
