// Unit tests of the school's brand on certificates: logos recognised by their bytes (JPEG and PNG only, whatever the
// name), accent colours read as PDF channels.
import assert from 'node:assert/strict'
import { logoKind, rgbOf } from './brand.ts'

Deno.test('a logo is a JPEG or a PNG by its signature, and nothing else is drawn', () => {
  assert.equal(logoKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'jpg')
  assert.equal(logoKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])), 'png')
  assert.equal(logoKind(new TextEncoder().encode('RIFF....WEBPVP8 ')), null)
  assert.equal(logoKind(new Uint8Array([])), null)
})

Deno.test('an accent colour becomes channels from 0 to 1; anything else none', () => {
  assert.deepEqual(rgbOf('#ff0000'), [1, 0, 0])
  assert.deepEqual(rgbOf('#0F766E')?.map((c) => Math.round(c * 255)), [15, 118, 110])
  assert.equal(rgbOf('teal'), null)
  assert.equal(rgbOf(null), null)
})
