import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv, readEnvFile } from './env-file.ts'

describe('parseEnv (godotenv rules)', () => {
  it('reads plain, exported and colon-separated assignments, skipping comments and blank lines', () => {
    expect(parseEnv('# comment\n\nA=1\nexport B=two\nC: three\n  D = spaced  \n')).toEqual({
      A: '1',
      B: 'two',
      C: 'three',
      D: 'spaced',
    })
  })

  it('keeps single-quoted values literal and unescapes double-quoted ones', () => {
    expect(parseEnv(`A='a \\n $B # not a comment'\nB="tab\\there \\"quoted\\" \\\\ done"`)).toEqual({
      A: 'a \\n $B # not a comment',
      B: 'tab\there "quoted" \\ done',
    })
  })

  it('expands earlier variables in unquoted and double-quoted values, not escaped ones', () => {
    expect(parseEnv('HOST=db\nURL=postgres://$HOST:5432\nQ="${HOST}-x \\$HOST"\nMISSING=${NOPE}end')).toEqual({
      HOST: 'db',
      URL: 'postgres://db:5432',
      Q: 'db-x $HOST',
      MISSING: 'end',
    })
  })

  it('reads quoted values over several lines, and CRLF files', () => {
    expect(parseEnv('KEY="-----BEGIN-----\r\nabc\r\n-----END-----"\r\nNEXT=1\r\n')).toEqual({
      KEY: '-----BEGIN-----\nabc\n-----END-----',
      NEXT: '1',
    })
  })

  it('expands only variables the file defined, never members of Object.prototype', () => {
    const parsed = parseEnv('A=${constructor}\nB="$toString-${__proto__}"\nC=$hasOwnProperty\n')
    expect(parsed).toEqual({ A: '', B: '-', C: '' })
  })

  it('keeps a variable named like an Object.prototype member as an ordinary name', () => {
    const parsed = parseEnv('__proto__=p\nconstructor=c\nUSE=${__proto__}/${constructor}\n')
    expect(Object.entries(parsed)).toEqual([
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['USE', 'p/c'],
    ])
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
  })

  it('strips an inline comment only after whitespace', () => {
    expect(parseEnv('A=value # comment\nB=value#hash\nC=\n')).toEqual({ A: 'value', B: 'value#hash', C: '' })
  })
})

describe('readEnvFile', () => {
  it('skips reserved SUPABASE_ names with the CLI warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summit-env-'))
    const file = path.join(dir, '.env')
    writeFileSync(file, 'SUPABASE_URL=x\nSTRIPE_KEY=sk\n')
    const read = readEnvFile(file)
    rmSync(dir, { recursive: true })
    expect(read).toEqual({
      values: { STRIPE_KEY: 'sk' },
      warnings: ['Env name cannot start with SUPABASE_, skipping: SUPABASE_URL'],
    })
  })

  it('treats a missing file as empty', () => {
    expect(readEnvFile(path.join(tmpdir(), 'no-such-dir-summit', '.env'))).toEqual({ values: {}, warnings: [] })
  })
})
