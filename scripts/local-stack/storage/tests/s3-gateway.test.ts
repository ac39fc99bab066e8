// The S3 protocol behind the stack's API gateway at /storage/v1/s3 (which leaves S3's Authorization alone), for the
// server's keys and a user's session; and a signed streaming upload (STREAMING-AWS4-HMAC-SHA256-PAYLOAD, each
// aws-chunked chunk signed after the one before), accepted as sent and refused when a chunk was altered.
import { createHash, createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSigningKey, SignatureV4 } from '@smithy/signature-v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { Gateway } from '../../gateway/index.ts'
import { anonKey } from '../../keys/index.ts'
import { createStorageService } from '../index.ts'
import { s3AccessKeyId, s3Region, s3SecretAccessKey } from '../s3/credentials.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { s3Endpoint, Sha256 } from '../testing/s3.ts'

const ownerId = '0b0e5e1a-1111-4a11-8a11-0000000000b1'
const emptySha = createHash('sha256').digest('hex')

/** A PUT whose body is aws-chunked with chunk signatures; `tamper` changes a byte of the last chunk after signing. */
async function streamingPut(url: string, chunks: Buffer[], tamper = false): Promise<Response> {
  const target = new URL(url)
  const frames = [...chunks, Buffer.alloc(0)]
  const sizeOf = (chunk: Buffer, signature: string) =>
    `${chunk.length.toString(16)};chunk-signature=${signature}\r\n`.length + chunk.length + 2
  const encodedLength = frames.reduce((sum, chunk) => sum + sizeOf(chunk, '0'.repeat(64)), 0)
  const credentials = { accessKeyId: s3AccessKeyId, secretAccessKey: s3SecretAccessKey }
  const signer = new SignatureV4({ service: 's3', region: s3Region, credentials, sha256: Sha256, uriEscapePath: false })
  const signed = await signer.sign({
    method: 'PUT',
    protocol: target.protocol,
    hostname: target.hostname,
    port: Number(target.port),
    path: target.pathname,
    query: {},
    headers: {
      host: target.host,
      'content-encoding': 'aws-chunked',
      'content-length': String(encodedLength),
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      'x-amz-decoded-content-length': String(chunks.reduce((sum, chunk) => sum + chunk.length, 0)),
      'content-type': 'text/plain',
    },
  })
  const longDate = signed.headers['x-amz-date']!
  const shortDate = longDate.slice(0, 8)
  const scope = `${shortDate}/${s3Region}/s3/aws4_request`
  const key = await getSigningKey(Sha256, credentials, shortDate, s3Region, 's3')
  let previous = /Signature=([0-9a-f]+)/.exec(signed.headers.authorization!)![1]!
  const body: Buffer[] = []
  frames.forEach((chunk, index) => {
    const toSign = [
      'AWS4-HMAC-SHA256-PAYLOAD',
      longDate,
      scope,
      previous,
      emptySha,
      createHash('sha256').update(chunk).digest('hex'),
    ].join('\n')
    previous = createHmac('sha256', key).update(toSign).digest('hex')
    const sent = tamper && index === chunks.length - 1 ? Buffer.from(chunk).fill('Z', 0, 1) : chunk
    body.push(Buffer.from(`${chunk.length.toString(16)};chunk-signature=${previous}\r\n`), sent, Buffer.from('\r\n'))
  })
  const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host'))
  return fetch(url, { method: 'PUT', headers, body: Buffer.concat(body) })
}

describe.skipIf(!testDbUrl)('storage S3 protocol behind the API gateway', () => {
  let h: Harness
  let gateway: Gateway
  let bucket: string
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-storage-s3-gateway-'))
  const clientFor = (credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) =>
    new S3Client({ endpoint: `${gateway.url}/storage/v1/s3`, region: s3Region, forcePathStyle: true, credentials })
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('s3gw')
    const mine = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`
    await h.policy('objects', `for select to authenticated using (${mine})`)
    await h.policy('objects', `for insert to authenticated with check (${mine})`)
    // The gateway starts and stops the services it mounts.
    const storage = createStorageService({
      config: loadConfig(),
      dbUrl: testDbUrl!,
      keys: h.keys,
      apiUrl: 'http://127.0.0.1',
      dataDir,
      settings: { enabled: true, fileSizeLimit: 1024 ** 2, buckets: {} },
    })
    gateway = new Gateway({ port: 0, hosts: ['127.0.0.1'], services: { storage }, log: () => {} })
    await gateway.start()
  })
  afterAll(async () => {
    await gateway?.stop()
    await h?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("signs through the gateway with the project's keys and with a user's session", async () => {
    const server = clientFor({ accessKeyId: s3AccessKeyId, secretAccessKey: s3SecretAccessKey })
    const list = await server.send(new ListBucketsCommand({}))
    expect(list.Buckets?.map((b) => b.Name)).toContain(bucket)
    const user = clientFor({
      accessKeyId: 'stub',
      secretAccessKey: anonKey,
      sessionToken: h.token({ sub: ownerId, role: 'authenticated' }),
    })
    await user.send(new PutObjectCommand({ Bucket: bucket, Key: `${ownerId}/gw.txt`, Body: 'through the gateway' }))
    const got = await server.send(new GetObjectCommand({ Bucket: bucket, Key: `${ownerId}/gw.txt` }))
    expect(await got.Body!.transformToString()).toBe('through the gateway')
    await expect(
      user.send(new PutObjectCommand({ Bucket: bucket, Key: 'elsewhere/gw.txt', Body: 'x' })),
    ).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })
    server.destroy()
    user.destroy()
  })

  it('takes a signed streaming upload and refuses one whose chunk was altered', async () => {
    const chunks = [Buffer.alloc(64 * 1024, 'a'), Buffer.from('the end')]
    const ok = await streamingPut(`${s3Endpoint(h)}/${bucket}/streamed.txt`, chunks)
    expect(ok.status).toBe(200)
    const { data } = await h.service.storage.from(bucket).download('streamed.txt')
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(Buffer.concat(chunks))
    const altered = await streamingPut(`${s3Endpoint(h)}/${bucket}/altered.txt`, chunks, true)
    expect(altered.status).toBe(403)
    expect(await altered.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
    const { rows } = await h.sql.query("select 1 from storage.objects where bucket_id = $1 and name = 'altered.txt'", [
      bucket,
    ])
    expect(rows).toEqual([])
    expect(h.tmpFiles()).toEqual([])
  })
})
