// A trophy's icon by its catalogue name (see lib/achievement-icons), decorative: the title beside it says what it is.
import { createElement } from 'react'
import { getAchievementIcon } from '../lib/achievement-icons'

export function AchievementIcon({ name, className }: { name: string; className?: string }) {
  // The map holds module-level components, so nothing is created during render.
  return createElement(getAchievementIcon(name), { 'aria-hidden': true, className })
}
