// TOTP as GoTrue uses it (RFC 6238 with SHA-1, 6 digits, 30-second steps, one step of tolerance either way): new
// secrets, the otpauth:// URI and SVG QR code shown at enrolment, and code checks that report which time step
// matched.
import { createHmac, randomBytes } from 'node:crypto'
import { loadOnFirstUse } from '../../http/load-on-first-use.ts'

/** The QR encoder loads with the first enrolment, not at every start of the stack. */
const loadQrCode = loadOnFirstUse(async () => (await import('qrcode')).default)

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const period = 30

export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '')
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
    if (index < 0) throw new Error('invalid base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** 20 random bytes in base32, as pquerna/otp generates them. */
export function newSecret(): string {
  return base32Encode(randomBytes(20))
}

export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 15
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / period)
}

/** The time step (now, one before or one after) whose code is `code`, or undefined. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const step = currentStep(now)
  return [step - 1, step, step + 1].find((s) => codeAt(secret, s) === code)
}

/** pquerna/otp's key URL: otpauth://totp/<issuer>:<account>?algorithm=SHA1&digits=6&issuer=…&period=30&secret=… */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const path = (text: string) => encodeURIComponent(text).replace(/%40/g, '@').replace(/%3A/gi, ':')
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: String(period), secret })
  return `otpauth://totp/${path(issuer)}:${path(account)}?${query.toString()}`
}

/** The QR code of `uri` as an SVG document (auth-js prefixes it with data:image/svg+xml;utf-8,). */
export async function qrSvg(uri: string): Promise<string> {
  const QRCode = await loadQrCode()
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 })
}
