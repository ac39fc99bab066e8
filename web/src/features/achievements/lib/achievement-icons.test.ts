import { Flame, Moon, Trophy } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { getAchievementIcon } from './achievement-icons'

describe('getAchievementIcon', () => {
  it('maps a catalogue icon name to its lucide component', () => {
    expect(getAchievementIcon('Flame')).toBe(Flame)
    expect(getAchievementIcon('Moon')).toBe(Moon)
  })

  it('falls back to the trophy for a name it does not know', () => {
    expect(getAchievementIcon('Rocket')).toBe(Trophy)
    expect(getAchievementIcon('')).toBe(Trophy)
  })

  it('does not treat object prototype names as icons', () => {
    expect(getAchievementIcon('constructor')).toBe(Trophy)
    expect(getAchievementIcon('toString')).toBe(Trophy)
  })
})
