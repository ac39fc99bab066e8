// The Storage service alone in a child process of the storage benchmark, so that its resident memory is measured
// apart from the client's. It samples its RSS every 10 ms and answers the parent's "mark" (start a measurement) and
// "report" (baseline and peak since the mark) messages over IPC.
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createStorageService } from '../local-stack/storage/index.ts'
import { serveMounted } from '../local-stack/testing/serve-mounted.ts'

const dbUrl = process.env.BENCH_DB_URL
const dataDir = process.env.BENCH_DATA_DIR
if (!dbUrl || !dataDir || !process.send) throw new Error('run by scripts/bench/storage.ts')

const service = createStorageService({
  config: loadConfig(),
  dbUrl,
  keys: new JwtKeys(),
  apiUrl: 'http://127.0.0.1',
  dataDir,
  settings: {
    enabled: true,
    fileSizeLimit: 1024 ** 3,
    buckets: { bench: { public: false, fileSizeLimit: null, allowedMimeTypes: null } },
  },
})
await service.start?.()

let baseline = process.memoryUsage.rss()
let peak = baseline
setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10).unref()

process.on('message', (message: { type: string }) => {
  if (message.type === 'mark') {
    baseline = process.memoryUsage.rss()
    peak = baseline
    process.send!({ type: 'marked' })
  } else if (message.type === 'report') {
    peak = Math.max(peak, process.memoryUsage.rss())
    process.send!({ type: 'report', baseline, peak })
  } else if (message.type === 'stop') {
    void service.stop?.().then(() => process.exit(0))
  }
})

const mounted = await serveMounted('/storage/v1', service)
process.send!({ type: 'ready', port: Number(new URL(mounted.url).port) })
