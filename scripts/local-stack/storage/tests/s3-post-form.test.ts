// Browser uploads by POST form to /storage/v1/s3/{bucket}: a policy signed with the project's S3 secret (AWS's POST
// policy signing), its expiration and conditions checked, the file stored with the form's type and metadata; a form
// with a field the policy does not cover, a forged signature or an expired policy stores nothing.
import { createHmac } from 'node:crypto'
import { getSigningKey } from '@smithy/signature-v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3AccessKeyId, s3Region, s3SecretAccessKey } from '../s3/credentials.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { s3Endpoint, Sha256 } from '../testing/s3.ts'

interface FormOptions {
  key: string
  expiresInMs?: number
  extraFields?: Record<string, string>
  secret?: string
}

async function postForm(h: Harness, bucket: string, options: FormOptions): Promise<Response> {
  const now = new Date()
  const longDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const shortDate = longDate.slice(0, 8)
  const credential = `${s3AccessKeyId}/${shortDate}/${s3Region}/s3/aws4_request`
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(now.getTime() + (options.expiresInMs ?? 3_600_000)).toISOString(),
      conditions: [
        { bucket },
        ['eq', '$key', options.key],
        { 'content-type': 'text/plain' },
        ['starts-with', '$x-amz-meta-source', ''],
        ['content-length-range', 0, 1024],
        { 'x-amz-credential': credential },
        { 'x-amz-date': longDate },
      ],
    }),
  ).toString('base64')
  const credentials = { accessKeyId: s3AccessKeyId, secretAccessKey: options.secret ?? s3SecretAccessKey }
  const key = await getSigningKey(Sha256, credentials, shortDate, s3Region, 's3')
  const form = new FormData()
  const fields: Record<string, string> = {
    key: options.key,
    'Content-Type': 'text/plain',
    'x-amz-meta-source': 'form',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': longDate,
    Policy: policy,
    'X-Amz-Signature': createHmac('sha256', key).update(policy).digest('hex'),
    ...options.extraFields,
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob(['posted from a form'], { type: 'text/plain' }), 'upload.txt')
  return fetch(`${s3Endpoint(h)}/${bucket}`, { method: 'POST', body: form })
}

describe.skipIf(!testDbUrl)('storage S3 POST form uploads', () => {
  let h: Harness
  let bucket: string
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('s3form')
  })
  afterAll(async () => {
    await h?.close()
  })

  const stored = async (name: string) =>
    (
      await h.sql.query('select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [
        bucket,
        name,
      ])
    ).rows as { metadata: Record<string, unknown>; user_metadata: Record<string, unknown> }[]

  it('stores the file of a form whose signed policy it satisfies', async () => {
    const res = await postForm(h, bucket, { key: 'form/upload.txt' })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toEqual(expect.stringMatching(/^"[0-9a-f]{32}"$/))
    const { data } = await h.service.storage.from(bucket).download('form/upload.txt')
    expect(await data!.text()).toBe('posted from a form')
    expect(await stored('form/upload.txt')).toEqual([
      { metadata: expect.objectContaining({ mimetype: 'text/plain' }), user_metadata: { source: 'form' } },
    ])
  })

  it('refuses a field the policy does not cover, a forged signature and an expired policy', async () => {
    const uncovered = await postForm(h, bucket, { key: 'form/uncovered.txt', extraFields: { 'x-amz-meta-extra': 'x' } })
    expect(uncovered.status).toBe(403)
    expect(await uncovered.text()).toContain(
      '<Code>AccessDenied</Code><Message>Policy condition failed: field "x-amz-meta-extra" is not covered by the policy</Message>',
    )
    const forged = await postForm(h, bucket, { key: 'form/forged.txt', secret: 'not-the-secret' })
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
    const expired = await postForm(h, bucket, { key: 'form/expired.txt', expiresInMs: -1000 })
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain('<Code>ExpiredToken</Code>')
    for (const name of ['form/uncovered.txt', 'form/forged.txt', 'form/expired.txt']) {
      expect(await stored(name)).toEqual([])
    }
    expect(h.tmpFiles()).toEqual([])
  })
})
