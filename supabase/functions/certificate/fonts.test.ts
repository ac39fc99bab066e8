// Unit tests of the certificate's faces: the files are Roboto Regular and Medium, and every font file the function
// reads is one that supabase/config.toml ships with it (static_files), so the deployed function finds it too.
import assert from 'node:assert/strict'
import { certificateFaces, fontFiles, fontkit } from './fonts.ts'

/** The static_files globs of [functions.certificate], relative to supabase/ as the CLI reads them. */
function staticFiles(): string[] {
  const config = Deno.readTextFileSync(new URL('../../config.toml', import.meta.url))
  const section = config.split(/^\[/m).find((part) => part.startsWith('functions.certificate]'))
  const line = section?.match(/^static_files\s*=\s*\[(.*)\]\s*$/m)?.[1] ?? ''
  return [...line.matchAll(/"([^"]+)"/g)].map((match) => match[1]!)
}

/** A glob of the CLI's kind (`*` within one path segment) as a regular expression. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`)
}

Deno.test('every font file the certificate reads is shipped with it by config.toml', () => {
  const globs = staticFiles().map(globPattern)
  assert.ok(globs.length > 0, 'config.toml gives [functions.certificate] no static_files')
  for (const file of Object.values(fontFiles)) {
    const fromSupabaseDir = `./functions/certificate/${file}`
    assert.ok(globs.some((glob) => glob.test(fromSupabaseDir)), `${fromSupabaseDir} is not in static_files`)
  }
})

Deno.test('the faces are Roboto Regular and Roboto Medium', async () => {
  const { regular, bold } = await certificateFaces()
  const names = [regular, bold].map((face) => (fontkit.create(face.bytes) as unknown as { postscriptName: string }))
  assert.deepEqual(names.map((font) => font.postscriptName), ['Roboto-Regular', 'Roboto-Medium'])
})
