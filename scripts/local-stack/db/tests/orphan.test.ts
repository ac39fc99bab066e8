// `stack -- start` after a killed stack: the dead stack's PostgreSQL still holds the database port. The start
// preflight stops that orphan (it runs on this profile's data folder) instead of refusing with "ports taken".
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { repoRoot } from '../../paths.ts'
import { assertPortsFree, claimPorts, isPortFree, PortsTakenError } from '../../ports.ts'
import { isAlive } from '../../state.ts'
import { Cluster } from '../cluster.ts'
import { freePort } from '../../rest/testing/scratch-cluster.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'summit-orphan-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('stops the PostgreSQL a killed stack left running, then finds its port free', async () => {
  const port = await freePort()
  const script = path.join(import.meta.dirname, '..', '..', 'testing', 'orphan-cluster.ts')
  const parent = spawn(process.execPath, ['--import', 'tsx', script, dir, String(port)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const postgresPid = await new Promise<number>((resolve, reject) => {
    parent.stdout.setEncoding('utf8')
    parent.stdout.on('data', (text: string) => {
      const match = /READY (\d+)/.exec(text)
      if (match) resolve(Number(match[1]))
    })
    parent.once('exit', (code) => reject(new Error(`orphan-cluster.ts exited early (${code})`)))
  })
  parent.kill('SIGKILL')
  await new Promise((resolve) => parent.once('exit', resolve))
  expect(isAlive(postgresPid)).toBe(true)
  expect(await isPortFree(port)).toBe(false)
  // The old preflight: a bare port check refuses.
  await expect(assertPortsFree([{ port, purpose: 'database' }])).rejects.toBeInstanceOf(PortsTakenError)

  await claimPorts(new Cluster({ dir, port, durable: false }), [{ port, purpose: 'database' }])
  expect(isAlive(postgresPid)).toBe(false)
  expect(await isPortFree(port)).toBe(true)
}, 120_000)

it('still refuses a port held by something that is not this folder’s PostgreSQL', async () => {
  const server = createServer()
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  )
  try {
    await expect(
      claimPorts(new Cluster({ dir, port, durable: false }), [{ port, purpose: 'database' }]),
    ).rejects.toBeInstanceOf(PortsTakenError)
  } finally {
    server.close()
  }
})
