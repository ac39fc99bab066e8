// Tests of the functions' import-map check: the specifier rules, real Deno runs over a scratch functions folder
// (the repo's frozen deno.lock and the project's Deno cache) where one function is right, one lacks a mapping, one
// maps a package it never imports, one has a mapping on a version the lock does not pin and one has no deno.json,
// and the repo's own functions.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { denoCacheDir } from '../local-stack/functions/deno.ts'
import { supabaseDir } from '../local-stack/paths.ts'
import { functionImportMapProblems, functionNames, isBare, typesDirectives } from './function-import-maps.ts'

describe('specifiers', () => {
  it('only names an import map resolves are bare', () => {
    expect(['zod', '@supabase/supabase-js/cors', 'pdf-lib'].every(isBare)).toBe(true)
    expect(
      ['./a.ts', '../_shared/http.ts', '/abs.ts', 'npm:zod@4', 'node:fs', 'https://x.test/a.ts'].some(isBare),
    ).toBe(false)
  })

  it('reads @ts-types directives as written', () => {
    expect(typesDirectives('// @ts-types="@types/nodemailer"\nimport nodemailer from \'nodemailer\'')).toEqual([
      '@types/nodemailer',
    ])
  })
})

describe('functions checked as deploy bundles them', { timeout: 120_000 }, () => {
  let dir: string
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  const zod = { imports: { zod: 'npm:zod@4.6.7' } }

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'summit-import-map-test-'))
    cpSync(path.join(supabaseDir, 'functions', 'deno.lock'), path.join(dir, 'deno.lock'))
    write('_shared/schema.ts', "import { z } from 'zod'\nexport const name = z.string()\n")
    write('good/index.ts', "import { name } from '../_shared/schema.ts'\nconsole.log(name.parse('a'))\n")
    write('good/deno.json', JSON.stringify(zod))
    write('missing/index.ts', "import { name } from '../_shared/schema.ts'\nconsole.log(name)\n")
    write('missing/deno.json', JSON.stringify({ imports: {} }))
    write('extra/index.ts', "import { z } from 'zod'\nconsole.log(z)\n")
    write('extra/deno.json', JSON.stringify({ imports: { ...zod.imports, postgres: 'npm:postgres@3.4.9' } }))
    write('unpinned/index.ts', "import { z } from 'zod'\nconsole.log(z)\n")
    write('unpinned/deno.json', JSON.stringify({ imports: { zod: 'npm:zod@4.1.0' } }))
    write('bare/index.ts', 'console.log(1)\n')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('deploys every folder with an index.ts, not _shared', () => {
    expect(functionNames(dir)).toEqual(['bare', 'extra', 'good', 'missing', 'unpinned'])
  })

  it('names each wrong import map and passes the right one', async () => {
    const problems = await functionImportMapProblems({ functionsDir: dir, denoDir: denoCacheDir })
    expect(problems.filter((p) => p.startsWith('good'))).toEqual([])
    expect(problems).toContain(
      'bare: no deno.json, so `supabase functions deploy` would bundle it without an import map',
    )
    expect(problems.some((p) => p.startsWith('missing: schema.ts:') && p.includes('"zod"'))).toBe(true)
    expect(problems).toContain('missing/deno.json does not map "zod", which it imports')
    expect(problems).toContain('extra/deno.json maps "postgres", which nothing it bundles imports')
    expect(problems.some((p) => p.startsWith('unpinned: deno info failed') && /lockfile is out of date/i.test(p))).toBe(
      true,
    )
  })
})

describe("the repo's functions", () => {
  // Cold, type-checking each function alone takes about a minute on two cores; Deno caches the result.
  it(
    'each resolve and type-check with only their own deno.json, which lists what they import',
    { timeout: 300_000 },
    async () => {
      const functionsDir = path.join(supabaseDir, 'functions')
      expect(functionNames(functionsDir).length).toBeGreaterThan(10)
      expect(await functionImportMapProblems({ functionsDir, denoDir: denoCacheDir })).toEqual([])
    },
  )
})
