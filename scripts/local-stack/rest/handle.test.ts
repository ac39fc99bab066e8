// Unit tests of the request handler's last line of defence: a failure while writing the response is answered with
// a 500 and reported, never left as a rejected promise (which would take the process down).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import type { Authenticator } from './auth/caller.ts'
import { handleRest, type HandlerDeps } from './handle.ts'

function fakeResponse(failures: number) {
  const writes: { status: number; headers: Record<string, string> }[] = []
  let ended: Buffer | undefined
  const res = {
    headersSent: false,
    writeHead(status: number, headers: Record<string, string>) {
      if (failures-- > 0) throw new TypeError('Invalid character in header content ["Content-Location"]')
      writes.push({ status, headers })
      res.headersSent = true
      return res
    },
    end(body?: Buffer) {
      ended = body
    },
  }
  return { res: res as unknown as ServerResponse, writes, body: () => ended?.toString() }
}

describe('request handler', () => {
  it('answers 500 PGRSTX00 and reports the error when the response cannot be written', async () => {
    const onInternalError = vi.fn()
    const deps = {
      auth: {
        authenticate: () => ({ role: 'anon', claims: {}, claimsJson: '{}', isAnon: true }),
      } as unknown as Authenticator,
      settings: { schemas: ['api'], extraSearchPath: [], maxRows: undefined },
      cache: () => undefined,
      onInternalError,
    } as unknown as HandlerDeps
    const { res, writes, body } = fakeResponse(1)
    const req = { method: 'GET', headers: {} } as IncomingMessage
    await expect(handleRest(deps, req, res, '/courses')).resolves.toBeUndefined()
    expect(writes.map((w) => w.status)).toEqual([500])
    expect(JSON.parse(body()!)).toMatchObject({ code: 'PGRSTX00' })
    expect(onInternalError).toHaveBeenCalledWith(expect.any(TypeError))
  })
})
