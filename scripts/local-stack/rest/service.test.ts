// Tests of the service's life cycle (index.ts) against SUMMIT_TEST_DB_URL: a start that fails part-way leaves no
// connection or listener behind, and stop() may still be called after it.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/index.ts'
import { JwtKeys } from '../keys/jwt.ts'
import { createRestService } from './index.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!dbUrl)('REST service life cycle', () => {
  let sql: pg.Client
  beforeAll(async () => {
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
  })
  afterAll(async () => {
    await sql.end()
  })

  it('closes its pool and its listener when the first schema load fails, and stops again without error', async () => {
    const applicationName = `rest-service-test-${process.pid}`
    const config = loadConfig()
    const errors: string[] = []
    const service = createRestService({
      // A NUL byte cannot travel as text: the catalog queries of the first load fail, after the listener started.
      config: { ...config, api: { ...config.api, extraSearchPath: ['\0'] } },
      dbUrl: dbUrl!,
      keys: new JwtKeys(),
      schemas: ['public'],
      poolSize: 2,
      schemaPollMs: 20,
      applicationName,
      log: (message) => errors.push(message),
    })
    await expect(service.start!()).rejects.toThrow()
    const connections = async () =>
      Number(
        (
          await sql.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name like $1', [
            `${applicationName}%`,
          ])
        ).rows[0]!.n,
      )
    for (let i = 0; i < 40 && (await connections()) > 0; i++) await sleep(50)
    expect(await connections()).toBe(0)
    await sleep(300)
    expect(await connections()).toBe(0)
    expect(errors).toEqual([])
    await expect(service.stop!()).resolves.toBeUndefined()
  })
})
