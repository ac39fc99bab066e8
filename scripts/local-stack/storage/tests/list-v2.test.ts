// list-v2 through supabase-js's listV2(): cursor paging until hasNext is false, folders apart from objects with a
// delimiter, flat listing without one, sorting by time, RLS deciding what shows, the body schema's refusals; object
// info's `metadata: {}` for an upload without user metadata; and jose's wording of bad JWTs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage list-v2', () => {
  let h: Harness
  let bucket: string
  const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'docs/x.md', 'docs/y.md', 'img/deep/z.png']
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('listv2')
    for (const name of names) {
      const { error } = await h.service.storage
        .from(bucket)
        .upload(name, Buffer.from(name), { contentType: 'text/plain' })
      expect(error).toBeNull()
    }
  })
  afterAll(async () => {
    await h?.close()
  })

  it('pages a folder with the cursor until hasNext is false, folders apart from objects', async () => {
    const files = h.service.storage.from(bucket)
    const seen: string[] = []
    const folders: string[] = []
    let cursor: string | undefined
    let pages = 0
    for (;;) {
      const { data, error } = await files.listV2({ prefix: '', limit: 3, with_delimiter: true, cursor })
      expect(error).toBeNull()
      pages += 1
      folders.push(...data!.folders.map((f) => f.name))
      seen.push(...data!.objects.map((o) => o.name))
      for (const object of data!.objects)
        expect(object).toMatchObject({ id: expect.any(String), metadata: { size: 5 } })
      if (!data!.hasNext) {
        expect(data!.nextCursor).toBeUndefined()
        break
      }
      expect(typeof data!.nextCursor).toBe('string')
      cursor = data!.nextCursor
    }
    expect(pages).toBe(3)
    expect(folders).toEqual(['docs/', 'img/'])
    expect(seen).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'])
  })

  it('lists one folder by prefix, and every key without a delimiter', async () => {
    const files = h.service.storage.from(bucket)
    const docs = await files.listV2({ prefix: 'docs/', with_delimiter: true })
    expect(docs.data!.objects.map((o) => o.name)).toEqual(['docs/x.md', 'docs/y.md'])
    expect(docs.data!.folders).toEqual([])
    const flat = await files.listV2({ limit: 100 })
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] })
    expect(flat.data!.objects.map((o) => o.name)).toEqual([...names].sort())
  })

  it('sorts by created_at descending and pages by the time carried in the cursor', async () => {
    const files = h.service.storage.from(bucket)
    const first = await files.listV2({ limit: 4, sortBy: { column: 'created_at', order: 'desc' } })
    expect(first.data!.hasNext).toBe(true)
    expect(first.data!.objects.map((o) => o.name)).toEqual(['img/deep/z.png', 'docs/y.md', 'docs/x.md', 'e.txt'])
    const second = await files.listV2({ limit: 10, cursor: first.data!.nextCursor })
    expect(second.data!.objects.map((o) => o.name)).toEqual(['d.txt', 'c.txt', 'b.txt', 'a.txt'])
  })

  it('shows a user only what RLS lets them select', async () => {
    await h.policy('objects', `for select to authenticated using (bucket_id = '${bucket}' and name like 'docs/%')`)
    const { data, error } = await h.user('u-list').storage.from(bucket).listV2({ with_delimiter: true })
    expect(error).toBeNull()
    expect(data).toEqual({
      hasNext: false,
      folders: [expect.objectContaining({ name: 'docs/', id: null })],
      objects: [],
    })
    const anon = await h.anon.storage.from(bucket).listV2({})
    expect(anon.data).toEqual({ hasNext: false, folders: [], objects: [] })
  })

  it('refuses what the body schema refuses, in its words', async () => {
    const post = (body: unknown) =>
      fetch(`${h.storageUrl}/object/list-v2/${bucket}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))
    const cases: [unknown, string][] = [
      [{ limit: 0 }, 'body/limit must be >= 1'],
      [{ limit: 1.5 }, 'body/limit must be integer'],
      [{ with_delimiter: 'yes' }, 'body/with_delimiter must be boolean'],
      [{ sortBy: { order: 'asc' } }, "body/sortBy must have required property 'column'"],
      [{ sortBy: { column: 'last_accessed_at' } }, 'body/sortBy/column must be equal to one of the allowed values'],
    ]
    for (const [body, message] of cases) {
      expect(await post(body)).toEqual({
        status: 400,
        body: { statusCode: '400', code: 'InvalidRequest', error: 'Bad Request', message },
      })
    }
    // Ajv's type coercion: "1" is a limit of 1 and "true" turns the delimiter on (else img/ would be no folder).
    const coerced = await post({ prefix: 'img', limit: '1', with_delimiter: 'true' })
    expect(coerced.body).toMatchObject({ hasNext: false, folders: [{ name: 'img/' }], objects: [] })
    expect((await post({ prefix: 'img', limit: '1' })).body).toMatchObject({ objects: [{ name: 'img/deep/z.png' }] })
    expect((await post({ cursor: '!!!' })).status).toBe(500)
  })

  it('answers info with metadata {} when the upload carried none', async () => {
    const { data } = await h.service.storage.from(bucket).info('a.txt')
    expect(data).toMatchObject({ name: 'a.txt', metadata: {} })
  })

  it('words malformed JWTs as jose (storage-api v1.60) does', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const [, payload, signature] = serviceRoleKey.split('.')
    const cases: [string, string][] = [
      ['', 'Invalid Compact JWS'],
      ['Bearer a.b', 'Invalid Compact JWS'],
      ['Bearer a.b.c.d', 'Invalid Compact JWS'],
      ['Bearer !!.??.**', 'JWS Protected Header is invalid'],
      [`Bearer .${payload}.${signature}`, 'JWS "alg" (Algorithm) Header Parameter missing or invalid'],
      [
        `Bearer ${b64({ typ: 'JWT' })}.${payload}.${signature}`,
        'JWS "alg" (Algorithm) Header Parameter missing or invalid',
      ],
      [
        `Bearer ${b64({ alg: 'HS256', crit: ['exp'] })}.${payload}.${signature}`,
        'Extension Header Parameter "exp" is not recognized',
      ],
      [
        `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${Buffer.from('nope').toString('base64url')}.${signature}`,
        'signature verification failed',
      ],
      [
        `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        '"alg" (Algorithm) Header Parameter value not allowed',
      ],
      [
        `Bearer ${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
        '"alg" (Algorithm) Header Parameter value not allowed',
      ],
      [`Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.!!`, 'Failed to base64url decode the signature'],
      [`Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.`, 'signature verification failed'],
    ]
    for (const [authorization, message] of cases) {
      const response = await fetch(`${h.storageUrl}/object/list-v2/${bucket}`, {
        method: 'POST',
        headers: { ...(authorization ? { Authorization: authorization } : {}), 'Content-Type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json()) as { statusCode: string; code: string; message: string }
      expect(response.status).toBe(400)
      expect(body).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized' })
      expect(body.message, authorization).toBe(message)
    }
  })
})
