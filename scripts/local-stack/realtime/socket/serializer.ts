// What a protocol version (the `vsn` query parameter) must do: decode a client frame, encode server messages, and
// encode a user broadcast (or say it cannot be represented). Picks the serializer for a `vsn` the way Phoenix does.
import type { Serializer } from './messages.ts'
export { MalformedMessage, type Serializer } from './messages.ts'
import { serializerV1 } from './serializer-v1.ts'
import { serializerV2 } from './serializer-v2.ts'

/** Phoenix matches `~> 1.0.0` and `~> 2.0.0`; without `vsn` a socket speaks 1.0.0. */
export function serializerFor(vsn: string | null): Serializer | undefined {
  const version = vsn ?? '1.0.0'
  if (/^1\.0\.\d+$/.test(version)) return serializerV1
  if (/^2\.0\.\d+$/.test(version)) return serializerV2
  return undefined
}
