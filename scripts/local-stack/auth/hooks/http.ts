// HTTP hooks as GoTrue v2.189's hookshttp dispatcher calls them: a POST of the JSON payload signed per Standard
// Webhooks (webhook-id, webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256>" per `v1,whsec_` secret), up
// to 3 attempts within 5 s (2 s apart after a network failure; at once after a 429/503 with Retry-After), answers
// of at most 200 KiB, and GoTrue's errors for every other outcome.
import { createHmac, randomUUID } from 'node:crypto'
import type { AuthHook } from '../../config/auth-hooks.ts'
import { AuthError } from '../errors.ts'

const timeoutMs = 5000
const retries = 3
const backoffMs = 2000
const payloadLimit = 200 * 1024

const internal = (message: string) => new AuthError(500, 'unexpected_failure', message)
const timedOut = () =>
  new AuthError(
    422,
    'hook_timeout',
    `Failed to reach hook within maximum time of ${(timeoutMs / 1000).toFixed(6)} seconds`,
  )

/** Standard Webhooks signatures; GoTrue refuses to call a hook with an asymmetric (v1a) secret. */
export function webhookSignatures(secrets: string[], id: string, timestamp: number, body: string): string[] {
  return secrets.map((secret) => {
    if (!secret.startsWith('v1,')) throw internal('Error generating signatures: invalid signature format')
    const key = Buffer.from(secret.slice('v1,'.length).replace(/^whsec_/, ''), 'base64')
    return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
  })
}

export async function runHttpHook(hook: Extract<AuthHook, { kind: 'http' }>, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload)
  const deadline = AbortSignal.timeout(timeoutMs)
  for (let attempt = 0; attempt < retries; attempt++) {
    const id = randomUUID()
    const timestamp = Math.floor(Date.now() / 1000)
    const signatures = webhookSignatures(hook.secrets, id, timestamp, body)
    let response: Response
    try {
      response = await fetch(hook.uri, {
        method: 'POST',
        body,
        signal: deadline,
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatures.join(', '),
          'accept-encoding': 'identity',
        },
      })
    } catch {
      if (deadline.aborted) throw timedOut()
      if (attempt === retries - 1)
        throw new AuthError(422, 'hook_timeout_after_retry', 'Failed to reach hook after maximum retries')
      await pause(backoffMs, deadline)
      continue
    }
    const status = response.status
    if (status === 204) return null
    if (status === 200 || status === 202) return readAnswer(response)
    await response.body?.cancel().catch(() => {})
    if (status === 429 || status === 503) {
      if (response.headers.get('retry-after')) continue
      throw internal('Service currently unavailable due to hook')
    }
    if (status === 400) throw internal('Invalid payload sent to hook')
    if (status === 401) throw internal('Hook requires authorization token')
    throw internal(`Unexpected status code returned from hook: ${status}`)
  }
  throw internal('Service currently unavailable due to hook')
}

async function pause(ms: number, deadline: AbortSignal): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    deadline.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(timedOut())
    })
  })
}

async function readAnswer(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type')
  const invalidType = (message: string) => new AuthError(400, 'hook_payload_invalid_content_type', message)
  if (!contentType) {
    await response.body?.cancel().catch(() => {})
    throw invalidType('Invalid Content-Type: Missing Content-Type header')
  }
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    await response.body?.cancel().catch(() => {})
    throw invalidType(`Invalid JSON response. Received content-type: ${contentType}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength
      if (size > payloadLimit) {
        await response.body?.cancel().catch(() => {})
        throw new AuthError(
          422,
          'hook_payload_over_size_limit',
          `Payload size exceeded size limit of ${payloadLimit} bytes`,
        )
      }
      chunks.push(Buffer.from(chunk as Uint8Array))
    }
  } catch (error) {
    // A body cut off (or outlasting the deadline) is a plain failure to GoTrue: "Error running hook URI".
    if (error instanceof AuthError) throw error
    throw new Error('reading the hook answer failed', { cause: error })
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
  } catch {
    throw internal('Error unmarshaling JSON output.')
  }
}
