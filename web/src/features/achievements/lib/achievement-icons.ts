// The catalogue names its icons by lucide component name; only these are bundled (a fixed map, never the whole set).
// A name the app does not know yet (a newer migration) falls back to the trophy rather than to nothing.
import { BookCheck, Clock, Flame, GraduationCap, Moon, Sunrise, Target, Trophy, type LucideIcon } from 'lucide-react'

const icons: Record<string, LucideIcon> = {
  BookCheck,
  Clock,
  Flame,
  GraduationCap,
  Moon,
  Sunrise,
  Target,
  Trophy,
}

export function getAchievementIcon(name: string): LucideIcon {
  return Object.hasOwn(icons, name) ? (icons[name] ?? Trophy) : Trophy
}
