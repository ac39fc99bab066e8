// The Storage API as the deletion's ObjectStore: service role, since the certificates bucket has no client
// policies and the user's session is about to end.
import type { Client } from '../_shared/supabase.ts'
import type { ObjectCopy, ObjectStore, StoredObject } from './delete.ts'

export function storageStore(admin: Client): ObjectStore {
  return {
    async download(object: StoredObject): Promise<ObjectCopy> {
      const { data, error } = await admin.storage.from(object.bucket).download(object.path)
      if (error) throw error
      return {
        ...object,
        bytes: new Uint8Array(await data.arrayBuffer()),
        contentType: data.type || 'application/octet-stream',
      }
    },
    async remove(bucket: string, paths: string[]): Promise<void> {
      const { error } = await admin.storage.from(bucket).remove(paths)
      if (error) throw error
    },
    async restore(copy: ObjectCopy): Promise<void> {
      const { error } = await admin.storage
        .from(copy.bucket)
        .upload(copy.path, copy.bytes, { contentType: copy.contentType, upsert: true })
      if (error) throw error
    },
  }
}
