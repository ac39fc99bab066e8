// index.html's boot script (src/boot.ts): the first requests of the course page and the player, asked as soon as the
// HTML arrives. It is built on its own, as one classic script with everything it imports, and inlined at the top of
// the head: a second module script would join the app's entry chunk (Vite bundles one entry per page) and run only
// once the app's code had arrived, and a file of its own would cost a round trip before asking. It is built in the
// app build's mode, from the same env files, so it asks the API the app asks. Only the production build carries it;
// the dev server's pages ask when the app runs, and the app does not depend on it.
import path from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'

/** The built script, from a build's output: exactly one chunk, importing nothing. */
export function inlineScript(output: (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): string {
  const chunks = output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const [chunk] = chunks
  if (chunks.length !== 1 || !chunk || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error('The boot script must build to one self-contained chunk: it imports something it cannot inline')
  }
  // Inline in <script>: a literal "</script" in the code would end the element early.
  return chunk.code.replace(/<\/script/gi, '<\\/script').trim()
}

/** How the app is built, which the boot script is built with too. */
export interface BootBuild {
  root: string
  mode: string
  envDir: string | false
}

/** The boot script at `entry` (from `root`), built on its own as the code of one classic script. */
export async function buildBootScript({ root, mode, envDir }: BootBuild, entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    mode,
    envDir,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry: path.resolve(root, entry), formats: ['iife'], name: 'summitBoot' },
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  return inlineScript(outputs.flatMap((out) => ('output' in out ? out.output : [])))
}

export function earlyRequests(entry: string): Plugin {
  let app: BootBuild = { root: process.cwd(), mode: 'production', envDir: process.cwd() }
  let code = ''
  return {
    name: 'summit:early-requests',
    apply: 'build',
    configResolved(config) {
      app = { root: config.root, mode: config.mode, envDir: config.envDir }
    },
    async buildStart() {
      code = await buildBootScript(app, entry)
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({ html, tags: [{ tag: 'script', children: code, injectTo: 'head-prepend' }] }),
    },
  }
}
