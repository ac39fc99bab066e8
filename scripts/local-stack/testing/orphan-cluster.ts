// A process that starts a PostgreSQL cluster and then waits to be killed: tests SIGKILL it to leave the cluster
// running as an orphan, as a stack killed outright does. Usage: tsx orphan-cluster.ts <dir> <port>
import { Cluster } from '../db/cluster.ts'

const [dir, port] = process.argv.slice(2)
const cluster = new Cluster({ dir: dir!, port: Number(port), durable: false })
if (!cluster.isInitialized()) await cluster.init()
await cluster.start()
process.stdout.write(`READY ${cluster.pid}\n`)
setInterval(() => {}, 1 << 30)
