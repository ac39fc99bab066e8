// The RLS matrix: anon, the owner, another user and the service role × read, upload, update and delete, on a bucket
// whose policies give each user their own folder (the pattern of Supabase's storage guide). Denials come back as
// storage-api sends them: 403 "new row violates row-level security policy" for writes, 404 NoSuchKey for reads,
// and an empty result for deletes.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const ownerId = '0b0e5e1a-1111-4a11-8a11-000000000001'
const otherId = '0b0e5e1a-2222-4a22-8a22-000000000002'

type Actor = 'anon' | 'owner' | 'other' | 'service'

describe.skipIf(!testDbUrl)('storage RLS on storage.objects', () => {
  let h: Harness
  let bucket: string
  const clients = {} as Record<Actor, SupabaseClient>
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('rls')
    const mine = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`
    await h.policy('objects', `for select to authenticated using (${mine})`)
    await h.policy('objects', `for insert to authenticated with check (${mine})`)
    await h.policy('objects', `for update to authenticated using (${mine}) with check (${mine})`)
    await h.policy('objects', `for delete to authenticated using (${mine})`)
    Object.assign(clients, { anon: h.anon, owner: h.user(ownerId), other: h.user(otherId), service: h.service })
  })
  afterAll(async () => {
    await h?.close()
  })

  const allowed: Record<Actor, boolean> = { anon: false, owner: true, other: false, service: true }
  const actors = Object.keys(allowed) as Actor[]
  const denied = { status: 400, statusCode: '403', message: 'new row violates row-level security policy' }

  /** A fresh file in the owner's folder, uploaded by the owner. */
  async function ownersFile(actor: Actor, name: string): Promise<string> {
    const path = `${ownerId}/${actor}-${name}`
    const { error } = await clients.owner.storage.from(bucket).upload(path, `${actor} ${name}`)
    expect(error).toBeNull()
    return path
  }

  it.each(actors)('read as %s', async (actor) => {
    const path = await ownersFile(actor, 'read.txt')
    const files = clients[actor].storage.from(bucket)
    const download = await files.download(path)
    const listed = await files.list(ownerId)
    if (allowed[actor]) {
      expect(await download.data!.text()).toBe(`${actor} read.txt`)
      expect(listed.data!.map((f) => f.name)).toContain(`${actor}-read.txt`)
      expect((await files.createSignedUrl(path, 60)).error).toBeNull()
    } else {
      expect(download.error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchKey' })
      expect(listed.data).toEqual([])
      expect((await files.createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' })
    }
  })

  it.each(actors)('upload into the owner folder as %s', async (actor) => {
    const path = `${ownerId}/${actor}-upload.txt`
    const { error } = await clients[actor].storage.from(bucket).upload(path, 'new')
    if (allowed[actor]) expect(error).toBeNull()
    else expect(error).toMatchObject(denied)
    const { rows } = await h.sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      path,
    ])
    expect(rows.length).toBe(allowed[actor] ? 1 : 0)
    expect(h.tmpFiles()).toEqual([])
  })

  it.each(actors)('update the owner file as %s', async (actor) => {
    const path = await ownersFile(actor, 'update.txt')
    const files = clients[actor].storage.from(bucket)
    const { error } = await files.update(path, 'changed')
    if (allowed[actor]) expect(error).toBeNull()
    else expect(error).toMatchObject(denied)
    const after = await clients.owner.storage.from(bucket).download(path)
    expect(await after.data!.text()).toBe(allowed[actor] ? 'changed' : `${actor} update.txt`)
    // Moving it into another user's folder: only the service role may.
    const moved = await files.move(path, `${otherId}/moved-by-${actor}.txt`)
    expect(moved.error === null).toBe(actor === 'service')
    if (actor === 'service') await h.service.storage.from(bucket).remove([`${otherId}/moved-by-${actor}.txt`])
  })

  it.each(actors)('delete the owner file as %s', async (actor) => {
    const path = await ownersFile(actor, 'delete.txt')
    const { data, error } = await clients[actor].storage.from(bucket).remove([path])
    expect(error).toBeNull()
    expect(data!.map((row) => row.name)).toEqual(allowed[actor] ? [path] : [])
    const still = await clients.owner.storage.from(bucket).exists(path)
    expect(still.data).toBe(!allowed[actor])
  })

  it('lets each user work in their own folder only', async () => {
    const other = clients.other.storage.from(bucket)
    expect((await other.upload(`${otherId}/mine.txt`, 'mine')).error).toBeNull()
    expect((await other.list(otherId)).data!.map((f) => f.name)).toEqual(['mine.txt'])
    expect((await clients.owner.storage.from(bucket).list(otherId)).data).toEqual([])
  })

  it('reads public buckets without any policy, and refuses anon writes to them', async () => {
    const pub = await h.bucket('rls-public', { public: true })
    await h.service.storage.from(pub).upload('open.txt', 'open')
    expect(await (await h.anon.storage.from(pub).download('open.txt')).data!.text()).toBe('open')
    expect((await h.anon.storage.from(pub).upload('new.txt', 'x')).error).toMatchObject(denied)
  })
})
