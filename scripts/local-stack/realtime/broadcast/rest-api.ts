// Realtime's REST broadcast API: POST /api/broadcast (a batch of {topic, event, payload, private}) and
// POST /api/broadcast/:topic/events/:event (one message, JSON or application/octet-stream), both answering 202 with
// no body. Callers authenticate with a JWT (Authorization: Bearer, else apikey); private topics need write
// permission through RLS on realtime.messages. Error statuses and bodies are the server's.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { writeAuthorization } from '../authorization.ts'
import type { JwtClaims } from '../../keys/jwt.ts'
import { checkToken } from '../channels/tokens.ts'
import type { ServiceContext } from '../context.ts'
import { isJsonObject, type Json, type UserBroadcast } from '../socket/messages.ts'
import { topicKey } from './hub.ts'
import { readBody, send, validateBatch, type BatchMessage } from './rest-io.ts'

/** Realtime's default max_payload_size_in_kb. */
const MAX_PAYLOAD_BYTES = 3000 * 1000

function bearer(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization
  const match = authorization ? /^bearer\s+(\S+)$/i.exec(authorization) : null
  if (match) return match[1]
  const apikey = req.headers.apikey
  return Array.isArray(apikey) ? apikey[0] : apikey
}

export async function handleApi(context: ServiceContext, req: IncomingMessage, res: ServerResponse, path: string) {
  const url = new URL(path, 'http://realtime.local')
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(url.pathname)
  const batch = /^\/api\/broadcast\/?$/.test(url.pathname)
  if (req.method !== 'POST' || (!single && !batch)) return send(res, 404, { message: 'not found' })
  const check = await checkToken(context.keys, bearer(req))
  if (!check.ok) return send(res, 401)
  if (single) {
    return broadcastOne(context, req, res, check.claims, {
      topic: decodeURIComponent(single[1]!),
      event: decodeURIComponent(single[2]!),
      isPrivate: url.searchParams.get('private') === 'true',
      persist: url.searchParams.has('persist') || url.searchParams.has('persist[ttl]'),
    })
  }
  const body = await readBody(req, 'json', MAX_PAYLOAD_BYTES * 10)
  if (!body.ok) return send(res, body.status, body.body)
  const messages = validateBatch(body.value as Json)
  if (!Array.isArray(messages)) return send(res, 422, { errors: messages })
  await broadcastMany(context, req, check.claims, messages)
  send(res, 202)
}

async function mayWrite(context: ServiceContext, req: IncomingMessage, claims: JwtClaims, topic: string) {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value
  return writeAuthorization(context.pool, { topic, claims, headers }, 'broadcast')
}

async function broadcastOne(
  context: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  claims: JwtClaims,
  target: { topic: string; event: string; isPrivate: boolean; persist: boolean },
): Promise<void> {
  const contentType = req.headers['content-type']
  const binary = contentType?.startsWith('application/octet-stream') ?? false
  if (contentType && !binary && !contentType.startsWith('application/json')) {
    return send(res, 415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' })
  }
  const body = await readBody(req, binary ? 'binary' : 'json', MAX_PAYLOAD_BYTES)
  if (!body.ok) return send(res, body.status, body.body)
  if (target.persist && !target.isPrivate) {
    return send(res, 422, { errors: { persist: ['can only be used on private channels'] } })
  }
  if (target.isPrivate) {
    const write = await mayWrite(context, req, claims, target.topic)
    if (!write.ok && write.error === 'rls') return send(res, 422, { message: 'RLS policy error' })
    if (!write.ok) return send(res, 422, { message: 'Tenant database unavailable' })
    if (!write.value) return send(res, 403, { message: 'Unauthorized' })
  }
  // Plug hands a JSON body that is not an object to the controller as {"_json": value}.
  const broadcast: UserBroadcast = Buffer.isBuffer(body.value)
    ? { userEvent: target.event, encoding: 'binary', payload: body.value }
    : {
        userEvent: target.event,
        encoding: 'json',
        payload: Buffer.from(JSON.stringify(isJsonObject(body.value) ? body.value : { _json: body.value })),
      }
  context.hub.publish(topicKey(target.topic, target.isPrivate), { type: 'user', broadcast })
  send(res, 202)
}

/** Public messages go out; private ones only to topics the caller may write (the others are skipped silently). */
async function broadcastMany(
  context: ServiceContext,
  req: IncomingMessage,
  claims: JwtClaims,
  messages: BatchMessage[],
): Promise<void> {
  const allowed = new Map<string, boolean>()
  for (const message of messages) {
    if (message.private && !allowed.has(message.topic)) {
      const write = await mayWrite(context, req, claims, message.topic)
      allowed.set(message.topic, write.ok && write.value)
    }
    if (message.private && !allowed.get(message.topic)) continue
    const payload = Buffer.from(JSON.stringify(message.payload))
    const broadcast: UserBroadcast = { userEvent: message.event, encoding: 'json', payload }
    context.hub.publish(topicKey(message.topic, message.private), { type: 'user', broadcast })
  }
}
