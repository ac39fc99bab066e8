// TOTP against RFC 6238's SHA-1 test vectors, base32 round trips, and the tolerance of one time step.
import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, codeAt, matchingStep, newSecret, otpauthUri, qrSvg } from './totp.ts'

// RFC 6238 appendix B: the ASCII key "12345678901234567890"; 8-digit codes, of which we keep the last 6.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'))

describe('TOTP', () => {
  it('computes RFC 6238 codes', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(codeAt(rfcSecret, Math.floor(59 / 30))).toBe('287082')
    expect(codeAt(rfcSecret, Math.floor(1111111109 / 30))).toBe('081804')
    expect(codeAt(rfcSecret, Math.floor(20000000000 / 30))).toBe('353130')
  })

  it('round-trips base32 and makes 32-character secrets', () => {
    const secret = newSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret))).toBe(secret)
  })

  it('matches the current step and one step either side, nothing further', () => {
    const now = 1_700_000_000_000
    const step = Math.floor(now / 1000 / 30)
    for (const offset of [-1, 0, 1])
      expect(matchingStep(rfcSecret, codeAt(rfcSecret, step + offset), now)).toBe(step + offset)
    for (const offset of [-2, 2]) expect(matchingStep(rfcSecret, codeAt(rfcSecret, step + offset), now)).toBeUndefined()
    expect(matchingStep(rfcSecret, 'abcdef', now)).toBeUndefined()
  })

  it('writes the otpauth URI and an SVG QR code', async () => {
    expect(otpauthUri('Summit', 'ada@example.com', 'ABC')).toBe(
      'otpauth://totp/Summit:ada@example.com?algorithm=SHA1&digits=6&issuer=Summit&period=30&secret=ABC',
    )
    expect(await qrSvg('otpauth://totp/x')).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>\s*$/)
  })
})
