// Unit tests of the deletion's Storage step with a store in memory: all objects or none — copies are taken before
// anything is removed, and a failure in a later bucket puts the earlier buckets' objects back.
import assert from 'node:assert/strict'
import { byBucket, type ObjectCopy, type ObjectStore, RemovalFailed, removeAll, type StoredObject } from './delete.ts'

function memoryStore(files: Record<string, string>, failing: { remove?: string; download?: string } = {}) {
  const calls: string[] = []
  const store: ObjectStore = {
    download(object: StoredObject): Promise<ObjectCopy> {
      const key = `${object.bucket}/${object.path}`
      calls.push(`download ${key}`)
      if (failing.download === key || !(key in files)) return Promise.reject(new Error(`cannot read ${key}`))
      return Promise.resolve({ ...object, bytes: new TextEncoder().encode(files[key]), contentType: 'text/plain' })
    },
    remove(bucket: string, paths: string[]): Promise<void> {
      calls.push(`remove ${bucket} ${paths.join(',')}`)
      if (failing.remove === bucket) return Promise.reject(new Error(`storage down for ${bucket}`))
      for (const path of paths) delete files[`${bucket}/${path}`]
      return Promise.resolve()
    },
    restore(copy: ObjectCopy): Promise<void> {
      calls.push(`restore ${copy.bucket}/${copy.path}`)
      files[`${copy.bucket}/${copy.path}`] = new TextDecoder().decode(copy.bytes)
      return Promise.resolve()
    },
  }
  return { store, calls, files }
}

const objects: StoredObject[] = [
  { bucket: 'certificates', path: 'c1/AAAA.pdf' },
  { bucket: 'avatars', path: 'u/b.png', owner: 'u', ownerId: 'u' },
  { bucket: 'avatars', path: 'u/a.png', owner: 'u', ownerId: 'u' },
]

Deno.test('byBucket groups paths per bucket in a stable order', () => {
  assert.deepEqual([...byBucket(objects)], [['avatars', ['u/a.png', 'u/b.png']], ['certificates', ['c1/AAAA.pdf']]])
})

Deno.test('removeAll copies everything first, then removes one bucket at a time', async () => {
  const memory = memoryStore({ 'avatars/u/a.png': 'A', 'avatars/u/b.png': 'B', 'certificates/c1/AAAA.pdf': 'P' })
  await removeAll(memory.store, objects)
  assert.deepEqual(memory.files, {})
  assert.deepEqual(memory.calls, [
    'download certificates/c1/AAAA.pdf',
    'download avatars/u/b.png',
    'download avatars/u/a.png',
    'remove avatars u/a.png,u/b.png',
    'remove certificates c1/AAAA.pdf',
  ])
})

Deno.test('a failure in a later bucket restores the earlier buckets from the copies, with their owners', async () => {
  const memory = memoryStore(
    { 'avatars/u/a.png': 'A', 'avatars/u/b.png': 'B', 'certificates/c1/AAAA.pdf': 'P' },
    { remove: 'certificates' },
  )
  const failure = await removeAll(memory.store, objects).then(() => undefined, (error: unknown) => error)
  assert.ok(failure instanceof RemovalFailed)
  assert.match(String((failure.cause as Error).message), /storage down for certificates/)
  assert.deepEqual(failure.restored.map((o) => [o.bucket, o.path, o.owner]).sort(), [
    ['avatars', 'u/a.png', 'u'],
    ['avatars', 'u/b.png', 'u'],
  ])
  assert.deepEqual(memory.files, { 'avatars/u/a.png': 'A', 'avatars/u/b.png': 'B', 'certificates/c1/AAAA.pdf': 'P' })
})

Deno.test('a file that cannot be read stops the removal before anything is removed', async () => {
  const memory = memoryStore({ 'avatars/u/a.png': 'A', 'avatars/u/b.png': 'B', 'certificates/c1/AAAA.pdf': 'P' }, {
    download: 'avatars/u/a.png',
  })
  await assert.rejects(removeAll(memory.store, objects), /cannot read avatars\/u\/a.png/)
  assert.equal(memory.calls.filter((c) => c.startsWith('remove')).length, 0)
  assert.equal(Object.keys(memory.files).length, 3)
})

Deno.test('nothing to remove is nothing to do', async () => {
  const memory = memoryStore({})
  await removeAll(memory.store, [])
  assert.deepEqual(memory.calls, [])
})
