// A parent process for lifecycle.test.ts: boots one worker, prints its pid, then waits to be killed. Its workers
// must notice their parent is gone (stdin closes) and exit by themselves.
import { startHarness } from '../testing.ts'

const harness = await startHarness()
const { pid } = (await (await harness.call('/slow')).json()) as { pid: number }
process.stdout.write(`worker pid ${pid} in ${harness.dir}\n`)
setInterval(() => {}, 60_000)
