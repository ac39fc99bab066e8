import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { assertPortsFree, describePortHolder, isPortFree, PortsTakenError } from './ports.ts'

let server: net.Server | undefined

async function listen(): Promise<number> {
  server = net.createServer()
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

describe('ports', () => {
  it('sees whether a port is free', async () => {
    const port = await listen()
    expect(await isPortFree(port)).toBe(false)
    await new Promise((resolve) => server!.close(resolve))
    server = undefined
    expect(await isPortFree(port)).toBe(true)
  })

  it.runIf(process.platform === 'linux')('names the process holding a port', async () => {
    const port = await listen()
    expect(describePortHolder(port)).toContain(`pid ${process.pid}`)
  })

  it('reports every taken port with its purpose', async () => {
    const port = await listen()
    const error = await assertPortsFree([{ port, purpose: 'database' }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PortsTakenError)
    expect((error as Error).message).toContain(`${port} (database) is held by`)
  })
})
