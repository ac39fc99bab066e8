// Object keys, bucket names, sizes, MIME lists and byte ranges, as storage-api validates and parses them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRange } from '../objects/range.ts'
import {
  isValidBucketName,
  isValidKey,
  parseFileSizeLimit,
  validateBucketMimeTypes,
  validateMimeType,
} from '../validate.ts'

describe('object keys', () => {
  it('accepts ordinary names, unicode and S3-safe punctuation', () => {
    for (const key of [
      'a.txt',
      'folder/sub/file name (1).png',
      'ünïcödé/文件.pdf',
      "it's+ok=yes;@!$&,:?*",
      'a..b/c..d',
    ]) {
      expect(isValidKey(key), key).toBe(true)
    }
  })

  it('rejects traversal segments, control and invisible characters, S3 characters to avoid, and overlong keys', () => {
    for (const key of [
      '',
      '..',
      '.',
      'a/../b',
      '../a',
      'a/..',
      './a',
      'a/./b',
      'a\u0000b',
      'a\nb',
      'a\u007fb',
      'a\u200bb',
      'a\u202eb',
      'a\\b',
      'a%b',
      'a#b',
      'a"b',
      'x'.repeat(1025),
      'é'.repeat(513),
    ]) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false)
    }
  })

  it('never accepts a key with a dot segment, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('.', '..'), fc.string(), (before, dots, after) => {
        expect(isValidKey(`${before}/${dots}/${after}`)).toBe(false)
      }),
    )
  })
})

describe('bucket names', () => {
  it('allows ASCII S3-safe names under 101 characters', () => {
    expect(isValidBucketName('course-covers')).toBe(true)
    expect(isValidBucketName('a'.repeat(100))).toBe(true)
    expect(isValidBucketName('a'.repeat(101))).toBe(false)
    expect(isValidBucketName('no/slash')).toBe(false)
    expect(isValidBucketName('ünï')).toBe(false)
  })
})

describe('sizes and types', () => {
  it('parses file_size_limit as the API does (decimal units)', () => {
    expect(parseFileSizeLimit(1000)).toBe(1000)
    expect(parseFileSizeLimit('5MB')).toBe(5_000_000)
    expect(parseFileSizeLimit('1.5gb')).toBe(1_500_000_000)
    expect(parseFileSizeLimit('30KB')).toBe(30_000)
    expect(() => parseFileSizeLimit('5MiB')).toThrow(/Invalid file size format/)
    expect(() => parseFileSizeLimit(-1)).toThrow()
  })

  it('matches upload types against a bucket list, wildcards included, ignoring parameters', () => {
    expect(() => validateMimeType('image/png', ['image/*'])).not.toThrow()
    expect(() => validateMimeType('IMAGE/PNG', ['image/png'])).not.toThrow()
    expect(() => validateMimeType('text/plain;charset=UTF-8', ['text/plain'])).not.toThrow()
    expect(() => validateMimeType('video/mp4', ['image/*', 'text/plain'])).toThrow(
      'mime type video/mp4 is not supported',
    )
    expect(() => validateMimeType('garbage', ['*/*'])).toThrow()
  })

  it('validates the types a bucket may list', () => {
    expect(() =>
      validateBucketMimeTypes(['image/*', 'application/vnd.api+json', 'text/plain; charset=utf-8']),
    ).not.toThrow()
    expect(() => validateBucketMimeTypes(['no type'])).toThrow()
  })
})

describe('byte ranges', () => {
  it('serves single ranges, suffixes and open ends, and the whole object otherwise', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'part', start: 0, end: 0 })
    expect(parseRange('bytes=5-', 10)).toEqual({ kind: 'part', start: 5, end: 9 })
    expect(parseRange('bytes=-4', 10)).toEqual({ kind: 'part', start: 6, end: 9 })
    expect(parseRange('bytes=2-100', 10)).toEqual({ kind: 'part', start: 2, end: 9 })
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange(undefined, 10)).toEqual({ kind: 'all' })
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'all' })
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'all' })
    expect(parseRange('bytes=5-2', 10)).toEqual({ kind: 'all' })
  })

  it('always stays inside the object', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(2000), fc.nat(2000), (size, a, b) => {
        const range = parseRange(`bytes=${a}-${b}`, size)
        if (range.kind === 'part') {
          expect(range.start).toBeGreaterThanOrEqual(0)
          expect(range.end).toBeLessThan(size)
          expect(range.start).toBeLessThanOrEqual(range.end)
        }
      }),
    )
  })
})
