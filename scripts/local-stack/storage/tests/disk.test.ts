// The disk under attack and bad luck: uploads cut off mid-body leave no temporary file, stale temporary files are
// swept at start and on a timer, a full or read-only disk gets storage-api's backend error (not a bare 500), and a
// delete whose file cannot be removed neither reports success nor drops the row.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { DiskStore } from '../disk.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

// A disk that fills up after 4 KiB of an upload while `failWrites`, and whose object files cannot be moved (as on a
// read-only disk) once `movesAllowed` are used up.
class FaultyDisk extends DiskStore {
  failWrites = false
  movesAllowed = Infinity

  protected override tempStream(file: string): Writable {
    const real = super.tempStream(file)
    if (!this.failWrites) return real
    let written = 0
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length
        if (written > 4096)
          return done(Object.assign(new Error('ENOSPC: no space left on device, write'), errno('ENOSPC')))
        real.write(chunk, done)
      },
      final: (done) => void real.end(done),
      // The file is removed only after this closes, so close only once the real file has.
      destroy(error, done) {
        real.destroy()
        if (real.closed) done(error)
        else real.once('close', () => done(error))
      },
    })
  }

  protected override moveFile(from: string, to: string): Promise<void> {
    if (from.startsWith(this.objectsDir) && this.movesAllowed-- <= 0) {
      return Promise.reject(Object.assign(new Error(`EROFS: read-only file system, rename '${from}'`), errno('EROFS')))
    }
    return super.moveFile(from, to)
  }
}

function errno(code: string) {
  return { code, syscall: code === 'EROFS' ? 'rename' : 'write' }
}

describe.skipIf(!testDbUrl)('storage on a failing disk', () => {
  let h: Harness
  let disk: FaultyDisk
  let bucket: string
  beforeAll(async () => {
    h = await startHarness(
      {},
      {
        disk: (dataDir) => (disk = new FaultyDisk(dataDir)),
        tmpSweep: { intervalMs: 100, staleMs: 60_000 },
      },
    )
    bucket = await h.bucket('disk')
  })
  afterAll(async () => {
    await h?.close()
  })

  const rows = async (name: string) =>
    (await h.sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rowCount

  async function eventually(check: () => void | Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await check()
      } catch (error) {
        if (i > 60) throw error
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  /** Sends the head and part of a body, waits until the server has a temporary file, then cuts the connection. */
  async function cutOff(head: string, start: Buffer): Promise<void> {
    const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1')
    socket.on('error', () => {})
    socket.write(head + '\r\n\r\n')
    socket.write(start)
    await eventually(() => expect(h.tmpFiles()).toHaveLength(1))
    socket.destroy()
    await eventually(() => expect(h.tmpFiles()).toEqual([]))
  }

  it('removes the temporary file of a multipart upload cut off mid-body', async () => {
    const boundary = 'cutboundary'
    const start = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n` +
          'Content-Type: video/webm\r\n\r\n',
      ),
      Buffer.alloc(256 * 1024, 7),
    ])
    await cutOff(
      `POST /storage/v1/object/${bucket}/cut.webm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${serviceRoleKey}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * 1024 * 1024}`,
      start,
    )
    expect(await rows('cut.webm')).toBe(0)
    expect((await h.service.storage.from(bucket).upload('after-cut.txt', 'still serving')).error).toBeNull()
  })

  it('removes the temporary file of a raw upload cut off mid-body', async () => {
    await cutOff(
      `POST /storage/v1/object/${bucket}/cut.bin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${serviceRoleKey}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${10 * 1024 * 1024}`,
      Buffer.alloc(256 * 1024, 7),
    )
    expect(await rows('cut.bin')).toBe(0)
  })

  it('sweeps stale temporary files on a timer, sparing fresh ones', async () => {
    const stale = path.join(disk.tmpDir, 'left-by-a-crash')
    const staleDir = path.join(disk.tmpDir, 'stale-folder')
    const fresh = path.join(disk.tmpDir, 'being-written')
    writeFileSync(stale, 'x')
    mkdirSync(staleDir)
    writeFileSync(path.join(staleDir, 'inside'), 'x')
    writeFileSync(fresh, 'x')
    const hourAgo = new Date(Date.now() - 3600_000)
    utimesSync(stale, hourAgo, hourAgo)
    utimesSync(staleDir, hourAgo, hourAgo)
    await eventually(() => expect(h.tmpFiles()).toEqual([fresh]))
    // Start sweeps everything: no upload of a new process is running yet.
    await disk.init()
    expect(h.tmpFiles()).toEqual([])
  })

  it('answers a full disk with storage-api backend error and keeps nothing', async () => {
    disk.failWrites = true
    try {
      const response = await fetch(`${h.storageUrl}/object/${bucket}/big.bin`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/octet-stream' },
        body: Buffer.alloc(64 * 1024, 1),
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        statusCode: '500',
        code: 'InternalError',
        error: 'Error',
        message: 'ENOSPC: no space left on device, write',
      })
    } finally {
      disk.failWrites = false
    }
    expect(await rows('big.bin')).toBe(0)
    expect(h.tmpFiles()).toEqual([])
  })

  it('answers an unwritable temporary folder with the same error', async () => {
    // tmp/ replaced by a file: every new temporary file fails to open (ENOTDIR), as on a broken mount.
    const tmp = disk.tmpDir
    rmSync(tmp, { recursive: true, force: true })
    writeFileSync(tmp, 'not a folder')
    try {
      const { error } = await h.service.storage.from(bucket).upload('nowhere.txt', 'x')
      expect(error).toMatchObject({ status: 500, statusCode: '500', code: 'InternalError' })
      // Storage's own error, without this machine's path.
      expect(error?.message).toBe('ENOTDIR: not a directory, open')
    } finally {
      rmSync(tmp, { force: true })
      mkdirSync(tmp)
    }
    expect(await rows('nowhere.txt')).toBe(0)
  })

  it('keeps the row and the file when a delete cannot remove the file', async () => {
    const files = h.service.storage.from(bucket)
    for (const name of ['keep-1.txt', 'keep-2.txt', 'keep-3.txt']) {
      expect((await files.upload(name, name)).error).toBeNull()
    }
    disk.movesAllowed = 0
    try {
      const one = await files.remove(['keep-1.txt'])
      expect(one.error).toMatchObject({ status: 500, statusCode: '500', code: 'InternalError' })
      const response = await fetch(`${h.storageUrl}/object/${bucket}/keep-2.txt`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${serviceRoleKey}` },
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({
        code: 'InternalError',
        message: 'EROFS: read-only file system, rename',
      })
    } finally {
      disk.movesAllowed = Infinity
    }
    for (const name of ['keep-1.txt', 'keep-2.txt']) {
      expect(await rows(name)).toBe(1)
      expect(await (await files.download(name)).data?.text()).toBe(name)
    }
    // A batch fails whole: no file of it is lost, though the first could be moved.
    disk.movesAllowed = 1
    try {
      expect((await files.remove(['keep-1.txt', 'keep-3.txt'])).error).toMatchObject({ statusCode: '500' })
    } finally {
      disk.movesAllowed = Infinity
    }
    for (const name of ['keep-1.txt', 'keep-3.txt']) {
      expect(await (await files.download(name)).data?.text()).toBe(name)
    }
    // And once the disk recovers, the delete goes through and the files go with the rows.
    const { data } = await files.remove(['keep-1.txt', 'keep-2.txt', 'keep-3.txt'])
    expect(data?.map((row) => row.name).sort()).toEqual(['keep-1.txt', 'keep-2.txt', 'keep-3.txt'])
    expect(h.tmpFiles()).toEqual([])
  })
})
