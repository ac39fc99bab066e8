// How an upload's refusal is classified from the HTTP status and Storage's error body (storage-api sends most
// errors as HTTP 400 with the logical status in the body's statusCode).
import { describe, expect, it } from 'vitest'
import { uploadFailureOf } from './storage-upload'

describe('uploadFailureOf', () => {
  it('reads the logical status and code from Storage’s body', () => {
    expect(uploadFailureOf(400, '{"statusCode":"413","error":"Payload too large"}')).toBe('too_big')
    expect(uploadFailureOf(400, '{"statusCode":"415","error":"invalid_mime_type"}')).toBe('wrong_type')
    expect(uploadFailureOf(400, '{"statusCode":"403","error":"Unauthorized"}')).toBe('forbidden')
  })

  it('falls back to the HTTP status when the body is not JSON', () => {
    expect(uploadFailureOf(413, '<html>')).toBe('too_big')
    expect(uploadFailureOf(401, '')).toBe('signed_out')
    expect(uploadFailureOf(0, '')).toBe('network')
    expect(uploadFailureOf(500, 'oops')).toBe('other')
  })
})
