// The certificate's fonts travel with the function as static files (deploy uploads files, not npm packages), so they
// are copies: this keeps each one byte for byte the file of the font package the function names
// (@expo-google-fonts/roboto, a dev dependency of scripts at the same version), so bumping the package and not the
// copies, or editing a copy, fails here.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const fontsDir = path.join(repoRoot, 'supabase', 'functions', 'certificate', 'fonts')
const require = createRequire(import.meta.url)
const packageDir = path.dirname(require.resolve('@expo-google-fonts/roboto/package.json'))

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

describe('certificate fonts', () => {
  it('are the font package files the function names, at the version it names', () => {
    const source = readFileSync(path.join(repoRoot, 'supabase', 'functions', 'certificate', 'fonts.ts'), 'utf8')
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
    expect(source).toContain(`@expo-google-fonts/roboto@${version}`)
    for (const [copy, original] of [
      ['Roboto-Regular.ttf', '400Regular/Roboto_400Regular.ttf'],
      ['Roboto-Medium.ttf', '500Medium/Roboto_500Medium.ttf'],
    ] as const) {
      expect(sha256(path.join(fontsDir, copy)), copy).toBe(sha256(path.join(packageDir, original)))
    }
  })
})
