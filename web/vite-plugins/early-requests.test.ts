// The boot script builds to one small classic script with nothing of the app's client in it, which runs as it is
// inlined, and the inlining refuses a build it cannot inline whole.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { buildBootScript, inlineScript } from './early-requests'

const chunk = (code: string, imports: string[] = []) =>
  ({ type: 'chunk', code, imports, dynamicImports: [] }) as unknown as Rolldown.OutputChunk

describe('inlineScript', () => {
  it('keeps a "</script" in the code from ending the element', () => {
    expect(inlineScript([chunk('x("</script>")\n')])).toBe('x("<\\/script>")')
  })

  it('refuses a build of more than one chunk, or one that imports another', () => {
    expect(() => inlineScript([chunk('a'), chunk('b')])).toThrow(/one self-contained chunk/)
    expect(() => inlineScript([chunk('a', ['client.js'])])).toThrow(/one self-contained chunk/)
  })
})

describe('buildBootScript', () => {
  it("builds src/boot.ts small, without the app's Supabase client", { timeout: 30_000 }, async () => {
    const root = path.resolve(import.meta.dirname, '..')
    const code = await buildBootScript({ root, mode: 'production', envDir: root }, 'src/boot.ts')
    expect(code.length).toBeGreaterThan(500)
    expect(code.length).toBeLessThan(6000)
    expect(code).toContain('rest/v1/rpc/course_outline')
    expect(code).not.toMatch(/\bimport\s*[({]|PostgrestClient|GoTrueClient|FunctionsClient/)
  })

  it('asks the API the app is built for', { timeout: 30_000 }, async () => {
    const root = path.resolve(import.meta.dirname, '..')
    const before = process.env.VITE_SUPABASE_URL
    process.env.VITE_SUPABASE_URL = 'https://project-ref.supabase.co'
    try {
      const code = await buildBootScript({ root, mode: 'production', envDir: root }, 'src/boot.ts')
      expect(code).toContain('https://project-ref.supabase.co')
    } finally {
      if (before === undefined) delete process.env.VITE_SUPABASE_URL
      else process.env.VITE_SUPABASE_URL = before
    }
  })
})
