// The gateway as supabase-js 2.119 meets it: a client built with the publishable key, as the web app builds it.
import { createClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it } from 'vitest'
import { anonKey, publishableKey } from '../../keys/index.ts'
import { echoService, startGateway, type Echo, type Started } from '../testing/doubles.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'

let started: Started | undefined
afterEach(async () => {
  await started?.gateway.stop()
  started = undefined
})

function client(url: string) {
  return createClient(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
}

describe('supabase-js through the gateway', () => {
  it('reaches REST with the sb_publishable_ key as the legacy anon JWT', async () => {
    started = await startGateway({
      services: {
        rest: echoService('rest', {
          handle(req, res, path) {
            const echo = { path, authorization: req.headers.authorization, apikey: req.headers.apikey }
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([echo]))
          },
        }),
      },
    })
    const { data, error } = await client(started.url).from('courses').select('id, title').eq('id', 7)
    expect(error).toBeNull()
    expect(data).toEqual([
      { path: '/courses?select=id%2Ctitle&id=eq.7', authorization: `Bearer ${anonKey}`, apikey: publishableKey },
    ])
  })

  it('reaches a function with the anon JWT although supabase-js sends no Bearer for sb_ keys', async () => {
    started = await startGateway({ services: { functions: echoService('functions') } })
    const { data, error } = await client(started.url).functions.invoke<Echo>('hello-world', { body: { name: 'x' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: '/hello-world', method: 'POST', authorization: `Bearer ${anonKey}` })
  })

  it('surfaces a service failure as an error, not a crash', async () => {
    started = await startGateway({
      services: {
        rest: echoService('rest', {
          handle() {
            throw new Error('boom')
          },
        }),
      },
    })
    const { data, error } = await client(started.url).from('courses').select('id')
    expect(data).toBeNull()
    expect(error).toMatchObject({ message: 'An unexpected error occurred' })
  })
})
