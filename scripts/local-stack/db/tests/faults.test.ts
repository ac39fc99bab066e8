// Database faults under load, on a throw-away cluster on a free port: a terminated backend and a killed postmaster
// while Auth serves requests. Nothing crashes; Auth answers 503 in GoTrue's shape while the database is away; the
// supervisor restarts PostgreSQL with a log line; Auth serves again within 1 s of the database being back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, startHarness, type Harness } from '../../auth/testing/harness.ts'
import type { StackConfig } from '../../config/index.ts'
import { applyBootstrap } from '../bootstrap.ts'
import { Cluster } from '../cluster.ts'
import { ClusterSupervisor } from '../supervisor.ts'
import { freePort } from '../../rest/testing/scratch-cluster.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Sample {
  at: number
  status: number
  body: unknown
}

/** Runs `workers` loops of GET /user until stopped, recording every answer. */
function load(h: Harness, token: string, workers = 6) {
  const samples: Sample[] = []
  let running = true
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const response = await h.call('/user', { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined)
      if (!response) {
        samples.push({ at: Date.now(), status: 0, body: undefined })
        continue
      }
      samples.push({ at: Date.now(), status: response.status, body: await response.json().catch(() => undefined) })
    }
  })
  return {
    samples,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

describe('database faults under load', () => {
  let dir: string
  let cluster: Cluster
  let supervisor: ClusterSupervisor
  let h: Harness
  const supervisorLog: string[] = []
  let restartedAt = 0
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught)
    dir = mkdtempSync(path.join(tmpdir(), 'summit-faults-'))
    cluster = new Cluster({ dir, port: await freePort(), durable: false })
    await cluster.init()
    await cluster.start()
    await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
    supervisor = new ClusterSupervisor(cluster, {
      log: (m) => {
        supervisorLog.push(m)
        if (m.includes('PostgreSQL restarted')) restartedAt = Date.now()
      },
    })
    // This cluster has the bootstrap only, not the project's migrations that define its verification attempt hooks
    // (config.toml turns them on): Auth here runs without them, as GoTrue does with none configured.
    const withoutHooks = (config: StackConfig) => {
      config.auth.hooks = { passwordVerificationAttempt: undefined, mfaVerificationAttempt: undefined }
    }
    h = await startHarness(withoutHooks, { dbUrl: cluster.adminUrl(), databaseOutages: true })
  }, 120_000)

  afterAll(async () => {
    await h?.stop()
    await supervisor?.stop()
    await cluster?.stop()
    rmSync(dir, { recursive: true, force: true })
    process.off('uncaughtException', onUncaught)
  })

  it('survives every Auth backend being terminated mid-load and serves again within 1 s', async () => {
    const { session } = await signedInUser(h)
    const traffic = load(h, session!.access_token)
    await sleep(300)
    const admin = new pg.Client({ connectionString: cluster.adminUrl() })
    await admin.connect()
    const killedAt = Date.now()
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'summit-auth'",
    )
    await admin.end()
    await sleep(1500)
    await traffic.stop()
    expect(rowCount).toBeGreaterThan(0)
    expect(uncaught).toEqual([])
    const late = traffic.samples.filter((s) => s.at > killedAt + 1000)
    expect(late.length).toBeGreaterThan(0)
    expect(late.filter((s) => s.status !== 200)).toEqual([])
    const failures = traffic.samples.filter((s) => s.status !== 200)
    // Anything that failed meanwhile failed as "database away", never as a bare 500.
    expect(failures.filter((s) => s.status !== 503)).toEqual([])
    process.stdout.write(
      `terminated ${rowCount} backends: ${failures.length} of ${traffic.samples.length} requests 503\n`,
    )
  })

  it('restarts a killed PostgreSQL, answers 503 meanwhile, and serves again within 1 s of its return', async () => {
    const { session } = await signedInUser(h)
    const traffic = load(h, session!.access_token)
    await sleep(300)
    const pid = cluster.pid!
    const killedAt = Date.now()
    process.kill(pid, 'SIGKILL')
    const deadline = Date.now() + 60_000
    while (!supervisorLog.some((m) => m.includes('PostgreSQL restarted')) && Date.now() < deadline) await sleep(50)
    const backAt = Date.now()
    await sleep(1500)
    await traffic.stop()

    expect(supervisorLog[0]).toMatch(
      new RegExp(`PostgreSQL \\(pid ${pid}\\) died unexpectedly \\(killed by SIGKILL\\)`),
    )
    expect(supervisorLog.some((m) => m.includes('PostgreSQL restarted'))).toBe(true)
    expect(cluster.pid).not.toBe(pid)
    expect(uncaught).toEqual([])
    const during = traffic.samples.filter((s) => s.at > killedAt && s.at < backAt && s.status !== 200)
    expect(during.length).toBeGreaterThan(0)
    for (const sample of during) {
      expect(sample.status).toBe(503)
      expect(sample.body).toMatchObject({ code: 'unexpected_failure' })
    }
    const afterReturn = traffic.samples.filter((s) => s.at > backAt + 1000)
    expect(afterReturn.length).toBeGreaterThan(0)
    expect(afterReturn.filter((s) => s.status !== 200)).toEqual([])
    const firstOk = traffic.samples.find((s) => s.at >= restartedAt && s.status === 200)
    expect(firstOk!.at - restartedAt).toBeLessThanOrEqual(1000)
    process.stdout.write(
      `postgres down ${restartedAt - killedAt} ms; ${during.length} requests answered 503; ` +
        `first 200 ${firstOk!.at - restartedAt} ms after the restart\n`,
    )
  })
})
