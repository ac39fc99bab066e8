import { describe, expect, it } from 'vitest'
import { matchRoute } from './routes.ts'

describe('gateway routes', () => {
  it.each([
    ['/rest/v1/courses?select=*', 'rest', '/courses?select=*', 'authorization'],
    ['/rest/v1/', 'rest', '/', 'authorization'],
    ['/rest/v1', 'rest', '/', 'authorization'],
    ['/rest/v1?select=1', 'rest', '/?select=1', 'authorization'],
    ['/auth/v1/token?grant_type=password', 'auth', '/token?grant_type=password', 'authorization'],
    ['/auth/v1/verify?token=abc&type=magiclink', 'auth', '/verify?token=abc&type=magiclink', 'none'],
    ['/auth/v1/callback', 'auth', '/callback', 'none'],
    ['/auth/v1/authorize?provider=github', 'auth', '/authorize?provider=github', 'none'],
    ['/auth/v1/user/identities/authorize', 'auth', '/user/identities/authorize', 'authorization'],
    ['/storage/v1/object/public/covers/a.png', 'storage', '/object/public/covers/a.png', 'authorization'],
    ['/storage/v1/s3/bucket/key', 'storage', '/s3/bucket/key', 'none'],
    ['/functions/v1/hello-world', 'functions', '/hello-world', 'authorization'],
    ['/realtime/v1/api/broadcast', 'realtime', '/api/broadcast', 'authorization'],
    ['/realtime/v1/websocket?apikey=k&vsn=2.0.0', 'realtime', '/websocket?apikey=k&vsn=2.0.0', 'query'],
  ])('%s goes to %s as %s (key rule %s)', (url, service, path, keyRule) => {
    expect(matchRoute(url)).toMatchObject({ service, path, keyRule })
  })

  it.each(['/', '/rest', '/rest/v2/courses', '/rest/v1x', '/graphql/v1', '/favicon.ico', '/studio'])(
    '%s matches no route',
    (url) => {
      expect(matchRoute(url)).toBeUndefined()
    },
  )
})
