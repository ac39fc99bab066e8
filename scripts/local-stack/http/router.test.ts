// The shared router: parameters and the trailing wildcard, decoding, order, per-route options, and 404 vs 405.
import { describe, expect, it } from 'vitest'
import { isMethodNotAllowed, Router } from './router.ts'

describe('Router', () => {
  const router = new Router<string>()
    .add('GET', '/user', 'get-user', { auth: 'user', operation: 'GetUser' })
    .add('PUT', '/user', 'put-user', { auth: 'user', rateLimit: 'user' })
    .add(['GET', 'HEAD'], '/object/:bucket/*', 'object')
    .add('POST', '/admin/users/:id/factors/:factor', 'factor', { auth: 'admin' })
    .add('GET', '/static/a.b', 'dot')

  it('matches method and path and returns the route options', () => {
    expect(router.match('GET', '/user')).toEqual({
      handler: 'get-user',
      params: {},
      options: { auth: 'user', operation: 'GetUser' },
    })
    expect(router.match('put', '/user')).toMatchObject({ handler: 'put-user', options: { rateLimit: 'user' } })
  })

  it('fills :name segments, decoded', () => {
    expect(router.match('POST', '/admin/users/a%20b/factors/f1')).toMatchObject({
      handler: 'factor',
      params: { id: 'a b', factor: 'f1' },
    })
  })

  it('puts the rest of the path into params["*"], slashes included', () => {
    expect(router.match('HEAD', '/object/media/course/lesson/video.webm')).toMatchObject({
      handler: 'object',
      params: { bucket: 'media', '*': 'course/lesson/video.webm' },
    })
  })

  it('keeps a segment that is not valid percent-encoding as written', () => {
    expect(router.match('GET', '/object/b/%E0%A4%A')).toMatchObject({ params: { '*': '%E0%A4%A' } })
  })

  it('tells a known path under another method (405 with the allowed methods) from an unknown path', () => {
    const found = router.match('DELETE', '/user')
    expect(isMethodNotAllowed(found)).toBe(true)
    expect(found).toEqual({ methodNotAllowed: ['GET', 'PUT'] })
    expect(router.match('GET', '/nope')).toBeUndefined()
  })

  it('treats pattern punctuation literally and does not let a segment span slashes', () => {
    expect(router.match('GET', '/static/a.b')).toMatchObject({ handler: 'dot' })
    expect(router.match('GET', '/static/aXb')).toBeUndefined()
    expect(router.match('POST', '/admin/users/a/b/factors/f')).toBeUndefined()
  })

  it('matches routes in the order they were added', () => {
    const ordered = new Router<number>().add('GET', '/a/:x', 1).add('GET', '/a/fixed', 2)
    expect(ordered.match('GET', '/a/fixed')).toMatchObject({ handler: 1 })
  })
})
