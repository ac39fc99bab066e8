// What the school writes about itself, in markdown rendered safely (the app's renderer: no raw HTML, safe links).
import { LazyMarkdown } from '@/components/lazy-markdown'

export function SchoolAbout({ source, name }: { source: string; name: string }) {
  return (
    <section aria-labelledby="school-about-heading" className="flex flex-col gap-3">
      <h2 id="school-about-heading" className="text-xl font-semibold text-slate-900">
        About {name}
      </h2>
      {source.trim() === '' ? (
        <p className="text-slate-600">This school has not written about itself yet.</p>
      ) : (
        // Headings inside start at h3, under this section's h2.
        <LazyMarkdown source={source} headingOffset={2} />
      )}
    </section>
  )
}
