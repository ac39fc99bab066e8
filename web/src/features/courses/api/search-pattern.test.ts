import { describe, expect, it } from 'vitest'
import { escapeLike, quoteFilterValue, titleSearchFilter } from './search-pattern'

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\')
  })
})

describe('quoteFilterValue', () => {
  it('quotes and escapes quotes and backslashes', () => {
    expect(quoteFilterValue('a,b(c)"d\\')).toBe('"a,b(c)\\"d\\\\"')
  })
})

describe('titleSearchFilter', () => {
  it('matches title or subtitle, case-insensitively, anywhere', () => {
    expect(titleSearchFilter('sql')).toBe('title.ilike."%sql%",subtitle.ilike."%sql%"')
  })

  it('is null for blank text', () => {
    expect(titleSearchFilter('   ')).toBeNull()
    expect(titleSearchFilter('**')).toBeNull()
  })

  it('keeps wildcards literal through both escapes', () => {
    expect(titleSearchFilter('50%')).toBe('title.ilike."%50\\\\%%",subtitle.ilike."%50\\\\%%"')
  })
})
