// The server side of `npm run bench -- rest`, run in its own process so the load generator does not share its event
// loop: the REST service at /rest/v1, and at /bare/courses/<id> a bare handler that runs the very same SQL (the
// request settings and the statement the REST service builds for `?select=*&id=eq.<id>`) on the very same pool.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import type { Caller } from '../local-stack/rest/auth/caller.ts'
import { authenticatorUrl, RestPool } from '../local-stack/rest/execute/database.ts'
import { runRequest } from '../local-stack/rest/execute/transaction.ts'
import type { RequestContext } from '../local-stack/rest/request/context.ts'
import { transactionSettings } from '../local-stack/rest/sql/settings.ts'
import { createRestService } from '../local-stack/rest/index.ts'
import { planRead } from '../local-stack/rest/plan/read-plan.ts'
import { parsePreferences } from '../local-stack/rest/request/preferences.ts'
import { parseQueryParams } from '../local-stack/rest/request/query-params.ts'
import { buildStatement } from '../local-stack/rest/sql/statements.ts'

const dbUrl = process.env.BENCH_DB_URL!
const poolSize = Number(process.env.BENCH_POOL ?? 10)
const token = process.env.BENCH_TOKEN!
const keys = new JwtKeys()
const config = loadConfig()
const database = new RestPool(authenticatorUrl(dbUrl), poolSize)
const service = createRestService({ config, dbUrl, keys, schemas: ['bench'], database })
await service.start!()

// The bare handler: what the REST service runs for one PK GET, prepared once, with only the id changing.
const verified = await keys.verify(token)
if (!verified.ok) throw new Error('bench token does not verify')
const claims = verified.claims
const caller: Caller = { role: String(claims.role), claims, claimsJson: JSON.stringify(claims), isAnon: false }
const cache = service.schemaCache!
const table = cache.tables.get('bench.courses')!
const template = buildStatement({
  root: planRead({
    cache,
    schema: 'bench',
    table,
    origin: 'courses',
    from: { kind: 'relation' },
    params: parseQueryParams('select=*&id=eq.0', false),
    maxRows: config.api.maxRows,
    aggregatesEnabled: false,
    isMutation: false,
  }),
  body: { kind: 'json', stripNulls: false },
  exactCount: false,
})
const idIndex = template.values.indexOf('0')

const server = createServer((req, res) => {
  const url = req.url ?? '/'
  if (url.startsWith('/rest/v1')) {
    void service.handle(req, res, url.slice('/rest/v1'.length))
    return
  }
  const id = url.slice('/bare/courses/'.length)
  const ctx = {
    method: 'GET',
    path: '/courses',
    headers: req.headers,
    caller,
    cache,
    schema: 'bench',
    settings: { schemas: ['bench'], extraSearchPath: config.api.extraSearchPath, maxRows: config.api.maxRows },
    prefs: parsePreferences(undefined),
  } as RequestContext
  const values = [...template.values]
  values[idIndex] = id
  runRequest(database, {
    settings: transactionSettings(ctx),
    main: { text: template.text, values },
    readOnly: true,
    rollback: false,
  })
    .then(({ row }) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end(row.body)
    })
    .catch((error: Error) => {
      res.writeHead(500)
      res.end(error.message)
    })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port })
})
process.on('message', (msg) => {
  // The CPU time this process has used so far (µs), for the bench's CPU time per request.
  if (msg === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send!({ cpu: user + system })
  }
  if (msg === 'stop') {
    server.close()
    server.closeAllConnections()
    void service.stop!()
      .then(() => database.end())
      .then(() => process.exit(0))
  }
})
