// A repo script and every module of ours it imports, bundled by esbuild into one ES module that Node runs without a
// TypeScript loader (see node-runtime.ts, `--bundle`). Loading `npm start`'s 290 modules through tsx's loader hooks,
// which every npm package's module passes through as well, took about half a second of each start; the bundle loads
// in a fraction of that. npm packages stay outside it and load from node_modules as before.
//
// Each module keeps its own `import.meta.url`, `import.meta.dirname` and `import.meta.filename` (the stack finds its
// SQL, its extensions and its Deno worker next to its source files), and the bundle keeps `process.argv[1]` naming the
// script, so a script's "am I the main module" check still holds. The bundle is kept in .local-stack/cache and made
// again when any file it was built from, or esbuild's package.json, has changed (size or modification time).
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'esbuild'
import { repoRoot, stackDir } from '../local-stack/paths.ts'

const bundlesDir = path.join(stackDir, 'cache', 'script-bundles')
/** Bumped when what a bundle holds changes, so bundles made by an older launcher are made again. */
const FORMAT = 1

interface Manifest {
  format: number
  /** Every file the bundle was built from, and esbuild's package.json, with what each was then. */
  inputs: { file: string; size: number; mtimeMs: number }[]
}

/** Replaces a module's `import.meta` properties with its own file's; any other use of `import.meta` is refused. */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8')
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
      if (contents.includes('import.meta')) {
        return { errors: [{ text: `${file} uses import.meta in a way a bundle cannot keep` }] }
      }
      return { contents, loader: 'ts' }
    })
  },
}

function isCurrent(manifestFile: string): boolean {
  let manifest: Manifest
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  } catch {
    return false
  }
  if (manifest.format !== FORMAT) return false
  return manifest.inputs.every(({ file, size, mtimeMs }) => {
    try {
      const stat = statSync(file)
      return stat.size === size && stat.mtimeMs === mtimeMs
    } catch {
      return false
    }
  })
}

/** Where the bundle of `script` (an absolute path) is kept: named by its path from the repo's root. */
export function bundlePath(script: string): string {
  const name = path
    .relative(repoRoot, script)
    .replace(/\.[cm]?ts$/, '')
    .replace(/[\\/:]/g, '_')
  return path.join(bundlesDir, `${name}.mjs`)
}

/** The bundle of `script` (an absolute path), made now unless a current one is kept; resolves with its path. */
export async function scriptBundle(script: string): Promise<string> {
  const bundle = bundlePath(script)
  const manifestFile = bundle.replace(/\.mjs$/, '.inputs.json')
  if (isCurrent(manifestFile)) return bundle
  mkdirSync(bundlesDir, { recursive: true })
  const startedAt = Date.now()
  // Loaded only to build (a few hundredths of a second).
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [script],
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Node maps stack traces back to the TypeScript sources with it (--enable-source-maps).
    sourcemap: 'linked',
    metafile: true,
    write: false,
    outfile: bundle,
    banner: { js: `process.argv[1] = ${JSON.stringify(script)};` },
    plugins: [ownImportMeta],
    logLevel: 'silent',
  })
  for (const output of result.outputFiles) writeWhole(output.path, output.contents)
  const esbuildPackage = path.join(
    path.dirname(createRequire(import.meta.url).resolve('esbuild')),
    '..',
    'package.json',
  )
  const inputs = [
    ...Object.keys(result.metafile.inputs).map((input) => path.resolve(repoRoot, input)),
    esbuildPackage,
  ].map((file) => {
    const { size, mtimeMs } = statSync(file)
    return { file, size, mtimeMs }
  })
  // A file saved while esbuild read it may be in the bundle as it was before: without a manifest, the next run
  // builds again (modification times are as coarse as a second on some file systems).
  if (inputs.every((input) => input.mtimeMs < startedAt - 1000)) {
    writeWhole(manifestFile, JSON.stringify({ format: FORMAT, inputs } satisfies Manifest))
  } else {
    rmSync(manifestFile, { force: true })
  }
  return bundle
}

/** Writes beside `file` and renames into place, so a run started meanwhile reads the old file or the new, whole. */
function writeWhole(file: string, contents: string | Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, contents)
  renameSync(partial, file)
}
