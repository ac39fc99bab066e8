import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { Gateway, isLoopback, NonLoopbackBindError } from '../index.ts'
import { echoService, request } from '../testing/doubles.ts'

let gateway: Gateway | undefined
afterEach(async () => {
  await gateway?.stop()
  gateway = undefined
})

const ipv6Available = await new Promise<boolean>((resolve) => {
  const server = net.createServer()
  server.once('error', () => resolve(false))
  server.listen({ port: 0, host: '::1', ipv6Only: true }, () => server.close(() => resolve(true)))
})

describe('where the gateway listens', () => {
  it.each(['127.0.0.1', '127.0.0.53', 'localhost', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopback(host)).toBe(true)
    },
  )

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '::ffff:10.0.0.1', '::2'])(
    '%s is not loopback',
    (host) => {
      expect(isLoopback(host)).toBe(false)
    },
  )

  it('refuses a non-loopback address without the explicit flag', () => {
    expect(() => new Gateway({ port: 0, hosts: ['0.0.0.0'], services: {}, log: () => {} })).toThrow(
      NonLoopbackBindError,
    )
    expect(() => new Gateway({ port: 0, hosts: ['127.0.0.1', '192.168.1.20'], services: {}, log: () => {} })).toThrow(
      /Refusing to serve the API on 192\.168\.1\.20.*--allow-non-loopback/s,
    )
  })

  it('binds a non-loopback address with the flag, and warns loudly', async () => {
    const warnings: string[] = []
    gateway = new Gateway({
      port: 0,
      hosts: ['0.0.0.0'],
      allowNonLoopback: true,
      services: { rest: echoService('rest') },
      log: () => {},
      warn: (message) => warnings.push(message),
    })
    await gateway.start()
    expect(warnings.join('\n')).toMatch(/WARNING.*0\.0\.0\.0.*public/s)
    expect((await request(`http://127.0.0.1:${gateway.port}/rest/v1/x`)).status).toBe(200)
  })

  it.runIf(ipv6Available)('serves IPv6 loopback [::1] on the same port as 127.0.0.1 by default', async () => {
    gateway = new Gateway({ port: 0, services: { rest: echoService('rest') }, log: () => {} })
    await gateway.start()
    expect(gateway.url).toBe(`http://127.0.0.1:${gateway.port}`)
    const v6 = await request(`http://[::1]:${gateway.port}/rest/v1/courses`)
    expect(v6.json()).toMatchObject({ service: 'rest', path: '/courses' })
    const v4 = await request(`http://127.0.0.1:${gateway.port}/rest/v1/courses`)
    expect(v4.status).toBe(200)
  })

  it('reports a taken port instead of starting half-way', async () => {
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const port = (holder.address() as net.AddressInfo).port
    let stopped = false
    gateway = new Gateway({
      port,
      hosts: ['127.0.0.1'],
      services: { rest: echoService('rest', { stop: async () => void (stopped = true) }) },
      log: () => {},
    })
    await expect(gateway.start()).rejects.toThrow(/EADDRINUSE/)
    expect(stopped).toBe(true)
    await new Promise((resolve) => holder.close(resolve))
  })
})
