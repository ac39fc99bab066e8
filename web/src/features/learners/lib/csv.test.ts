import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(null)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"')
    expect(csvCell('Ada "the first" L.')).toBe('"Ada ""the first"" L."')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
  })

  it('does not touch negative numbers it produced itself', () => {
    expect(csvCell(-1)).toBe('-1')
  })
})

describe('toCsv', () => {
  it('writes the header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Email'],
        [
          ['Ada', 'ada@example.com'],
          ['=Bo', null],
        ],
      ),
    ).toBe("Name,Email\r\nAda,ada@example.com\r\n'=Bo,\r\n")
  })
})
