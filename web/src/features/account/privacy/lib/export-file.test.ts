// The export's file name follows the reader's calendar date.
import { describe, expect, it } from 'vitest'
import { exportFileName } from './export-file'

describe('exportFileName', () => {
  it('names the file after the local date with zero-padded month and day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('summit-export-2026-01-05.json')
    expect(exportFileName(new Date(2026, 10, 25, 0, 1))).toBe('summit-export-2026-11-25.json')
  })
})
