// RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s steps, as Supabase Auth's TOTP factors use), so a
// journey can answer a TOTP challenge the way an authenticator app would.
import { createHmac } from 'node:crypto'

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Decodes RFC 4648 base32 (padding and case ignored), the form of the `secret` a TOTP enrollment answers. */
export function decodeBase32(input: string): Buffer {
  const clean = input.replace(/=+$/u, '').replace(/\s+/gu, '').toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
    if (index === -1) throw new Error(`decodeBase32: "${char}" is not a base32 character`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The code for `secret` (base32) at `atMs` (default now); `stepOffset` picks a neighbouring 30 s window. */
export function totpCode(secret: string, atMs: number = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(atMs / 1000 / 30) + stepOffset
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', decodeBase32(secret)).update(message).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}
