// Words for course data: a course's level and language. Durations, dates and counts come from @/lib/format.

const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const

export function levelLabel(level: keyof typeof levelLabels): string {
  return levelLabels[level]
}

/** "English" for "en" in the reader's own language; the code itself when the browser cannot name it. */
export function languageLabel(code: string, locale?: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
