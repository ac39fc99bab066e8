// The shown-once secrets: the full invite link, and access codes grouped and spelled for reading out.
import { describe, expect, it } from 'vitest'
import { formatAccessCode, inviteUrl, spellAccessCode } from './secrets'

describe('secrets', () => {
  it('builds the invite page link on this origin', () => {
    expect(inviteUrl('https://summit.example', 'abc_DEF-123')).toBe('https://summit.example/invite/abc_DEF-123')
  })

  it('groups a code in fours with a hyphen, however it was written', () => {
    expect(formatAccessCode('QUERY234')).toBe('QUER-Y234')
    expect(formatAccessCode('quer y234')).toBe('QUER-Y234')
    expect(formatAccessCode('QUER-Y234')).toBe('QUER-Y234')
  })

  it('spells a code letter by letter for reading aloud', () => {
    expect(spellAccessCode('QUERY234')).toBe('Q U E R, Y 2 3 4')
  })
})
