// Signed-URL lifetimes as storage-api validates them: `expiresIn` is an integer of at least 1 in both the one-object
// and the batch route (Fastify's schema check, with its coercion of numeric strings), so zero, negative, fractional,
// non-numeric and non-finite lifetimes are refused with Fastify's messages, and whatever is accepted really expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage signed-URL lifetimes', () => {
  let h: Harness
  let bucket: string
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('lifetime')
    expect((await h.service.storage.from(bucket).upload('clip.webm', 'clip')).error).toBeNull()
  })
  afterAll(async () => {
    await h?.close()
  })

  /** Signs through both routes with a raw JSON body (so any value can be sent) and returns both answers. */
  async function sign(expiresIn: string): Promise<{ status: number; body: Record<string, unknown> }[]> {
    const post = async (path: string, body: string) => {
      const response = await fetch(`${h.storageUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body,
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    return [
      await post(`/object/sign/${bucket}/clip.webm`, `{"expiresIn":${expiresIn}}`),
      await post(`/object/sign/${bucket}`, `{"expiresIn":${expiresIn},"paths":["clip.webm"]}`),
    ]
  }

  const refused = (message: string) => ({
    status: 400,
    body: { statusCode: '400', code: 'InvalidRequest', error: 'Bad Request', message },
  })

  it('refuses lifetimes below one second', async () => {
    for (const value of ['0', '-1', '-86400']) {
      expect(await sign(value)).toEqual([
        refused('body/expiresIn must be >= 1'),
        refused('body/expiresIn must be >= 1'),
      ])
    }
  })

  it('refuses lifetimes that are not whole numbers of seconds', async () => {
    for (const value of ['1.5', '"1.5"', '"forever"', '"60s"', '""', '{}', '[60, 60]', '1e400']) {
      const answers = await sign(value)
      expect([value, answers]).toEqual([
        value,
        [refused('body/expiresIn must be integer'), refused('body/expiresIn must be integer')],
      ])
    }
    expect(await sign('null')).toEqual([refused('body/expiresIn must be >= 1'), refused('body/expiresIn must be >= 1')])
  })

  it('coerces a numeric string the way Fastify does, and the URL expires when it says', async () => {
    for (const value of ['"120"', 'true', '[120]']) {
      expect((await sign(value)).map((answer) => answer.status)).toEqual([200, 200])
    }
    const [one] = await sign('"2"')
    expect(one!.status).toBe(200)
    const url = `${h.storageUrl}${one!.body.signedURL as string}`
    expect((await fetch(url)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 3100))
    expect(await (await fetch(url)).json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
  })

  it('signs a large integer lifetime as storage-api does (no upper bound in its schema) without failing', async () => {
    const [one] = await sign('31536000')
    expect(one!.status).toBe(200)
    const response = await fetch(`${h.storageUrl}${one!.body.signedURL as string}`)
    expect(response.status).toBe(200)
  })
})
