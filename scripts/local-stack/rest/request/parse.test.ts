// The request path as PostgREST routes it: `/` for the OpenAPI description, `/rpc/<fn>` for a call, `/<table>` for a
// relation (percent-decoded, empty segments ignored), and PGRST125 for any other shape.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { parseTarget } from './parse.ts'

describe('request target', () => {
  it('reads the root, a relation, and a function', () => {
    expect(parseTarget('/')).toEqual({ kind: 'root' })
    expect(parseTarget('')).toEqual({ kind: 'root' })
    expect(parseTarget('/courses')).toEqual({ kind: 'relation', name: 'courses' })
    expect(parseTarget('/rpc')).toEqual({ kind: 'relation', name: 'rpc' })
    expect(parseTarget('/rpc/course_outline')).toEqual({ kind: 'rpc', name: 'course_outline' })
  })

  it('decodes names and ignores empty segments', () => {
    expect(parseTarget('/caf%C3%A9')).toEqual({ kind: 'relation', name: 'café' })
    expect(parseTarget('//courses/')).toEqual({ kind: 'relation', name: 'courses' })
    expect(parseTarget('/rpc//f')).toEqual({ kind: 'rpc', name: 'f' })
  })

  it('answers PGRST125 for other shapes and malformed escapes', () => {
    for (const path of ['/a/b', '/rpc/f/g', '/%E0%A4%A']) {
      expect(() => parseTarget(path)).toThrow(ApiError)
      try {
        parseTarget(path)
      } catch (error) {
        expect((error as ApiError).body.code).toBe('PGRST125')
      }
    }
  })
})
