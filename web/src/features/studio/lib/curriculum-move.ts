// Where a drag ends in the curriculum builder. The builder shows one flat sortable list (section headers and
// their lessons); a lesson dropped in it belongs to the section header above it, and a section carries its lessons
// with it. Pure, so the rules are tested without a browser.
export interface OutlineSection<L extends { id: string } = { id: string }> {
  id: string
  lessons: L[]
}

type Entry = { kind: 'section'; id: string } | { kind: 'lesson'; id: string }

function flatten(sections: OutlineSection[]): Entry[] {
  return sections.flatMap((s) => [
    { kind: 'section' as const, id: s.id },
    ...s.lessons.map((l) => ({ kind: 'lesson' as const, id: l.id })),
  ])
}

function sectionIndexOf(sections: OutlineSection[], id: string): number {
  return sections.findIndex((s) => s.id === id || s.lessons.some((l) => l.id === id))
}

/** The curriculum after dropping `activeId` on `overId`, or null when nothing changes or the drop is not allowed. */
export function moveInCurriculum<S extends OutlineSection>(
  sections: S[],
  activeId: string,
  overId: string,
): S[] | null {
  if (activeId === overId) return null
  const isSection = sections.some((s) => s.id === activeId)
  if (isSection) {
    const from = sectionIndexOf(sections, activeId)
    const to = sectionIndexOf(sections, overId)
    if (from < 0 || to < 0 || from === to) return null
    const next = [...sections]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved as S)
    return next
  }
  const flat = flatten(sections)
  const from = flat.findIndex((e) => e.id === activeId)
  const to = flat.findIndex((e) => e.id === overId)
  if (from < 0 || to < 0) return null
  const [moved] = flat.splice(from, 1)
  flat.splice(to, 0, moved as Entry)
  // A lesson above the first section would belong to none.
  if (flat[0]?.kind !== 'section') return null
  const lessons = new Map(sections.flatMap((s) => s.lessons.map((l) => [l.id, l] as const)))
  const byId = new Map(sections.map((s) => [s.id, s]))
  const next: S[] = []
  for (const entry of flat) {
    if (entry.kind === 'section') next.push({ ...(byId.get(entry.id) as S), lessons: [] })
    else next.at(-1)?.lessons.push(lessons.get(entry.id) as S['lessons'][number])
  }
  return next
}

/** Where an item sits, for announcements: its section's index and its own 1-based place there. */
export function placeOf(sections: OutlineSection[], id: string): { section: number; position: number } | null {
  const section = sectionIndexOf(sections, id)
  if (section < 0) return null
  const lessonIndex = sections[section]?.lessons.findIndex((l) => l.id === id) ?? -1
  return { section, position: lessonIndex < 0 ? section + 1 : lessonIndex + 1 }
}
