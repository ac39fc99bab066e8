// The course's description, written by the instructor in markdown and rendered safely.
import { LazyMarkdown } from '@/components/lazy-markdown'

export function CourseDescription({ source, language }: { source: string; language: string }) {
  if (source.trim() === '') return null
  return (
    <section aria-labelledby="course-about-heading" className="flex flex-col gap-3">
      <h2 id="course-about-heading" className="text-xl font-semibold text-slate-900">
        About this course
      </h2>
      {/* Headings inside start at h3, under this section's h2; the text is in the course's language (WCAG 3.1.2). */}
      <div lang={language}>
        <LazyMarkdown source={source} headingOffset={2} />
      </div>
    </section>
  )
}
