import { describe, expect, it } from 'vitest'
import { announcementFormSchema, announcementMessages } from './announcement.schema'

const local = (ms: number) => {
  const at = new Date(Date.now() + ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}
const base = { title: '  Week 2  ', bodyMd: 'Hello', cohortId: '', when: 'now' as const, sendAt: '' }

describe('announcementFormSchema', () => {
  it('trims the title and ignores the time when sending now', () => {
    expect(announcementFormSchema.parse(base).title).toBe('Week 2')
  })

  it('refuses what the database refuses, with its words', () => {
    const result = announcementFormSchema.safeParse({ ...base, title: 'Hi', bodyMd: '   ' })
    expect(result.success).toBe(false)
    const messages = result.error?.issues.map((issue) => issue.message)
    expect(messages).toContain(announcementMessages.title)
    expect(messages).toContain(announcementMessages.body)
  })

  it('asks for a future time within a year when scheduling', () => {
    const at = (sendAt: string) =>
      announcementFormSchema.safeParse({ ...base, when: 'later', sendAt }).error?.issues[0]?.message
    expect(at(local(-60_000))).toBe(announcementMessages.sendAt)
    expect(at('')).toBe(announcementMessages.sendAt)
    expect(at(local(400 * 86_400_000))).toBe(announcementMessages.sendAtFar)
    expect(at(local(2 * 3_600_000))).toBeUndefined()
  })
})
