// The catalog's controls: a debounced search box and level, language and sort selects. Each writes the URL (the
// single source of truth), going back to page 1; the search box replaces history entries instead of adding one per
// keystroke.
import { useState, type ChangeEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { languageLabel, levelLabel } from '@/features/courses/lib/format'
import { courseLevelSchema } from '@/lib/courses/course-outline.schema'
import type { CatalogSearch } from '@/features/courses/schemas/catalog-search.schema'
import { useDebouncedCallback } from './use-debounced-callback'

const SEARCH_DELAY_MS = 300

export function CatalogFilters({ search, languages }: { search: CatalogSearch; languages: string[] }) {
  const navigate = useNavigate({ from: '/courses/' })
  const update = (patch: Partial<CatalogSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace })

  // A language in the URL that no course has any more still shows as selected, so the select never lies.
  const languageOptions =
    search.language && !languages.includes(search.language) ? [...languages, search.language] : languages

  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox value={search.q ?? ''} onSearch={(q) => update({ q: q === '' ? undefined : q }, true)} />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3 md:flex md:shrink-0">
        <FilterSelect
          label="Level"
          value={search.level ?? ''}
          onChange={(value) => update({ level: courseLevelSchema.safeParse(value).data })}
          options={courseLevelSchema.options.map((level) => ({ value: level, label: levelLabel(level) }))}
          emptyLabel="All levels"
        />
        <FilterSelect
          label="Language"
          value={search.language ?? ''}
          onChange={(value) => update({ language: value === '' ? undefined : value })}
          options={languageOptions.map((code) => ({ value: code, label: languageLabel(code) }))}
          emptyLabel="All languages"
        />
        <FilterSelect
          label="Sort by"
          value={search.sort ?? 'newest'}
          onChange={(value) => update({ sort: value === 'popular' ? 'popular' : undefined })}
          options={[
            { value: 'newest', label: 'Newest' },
            { value: 'popular', label: 'Popular' },
          ]}
        />
      </div>
    </div>
  )
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value)
  const [urlValue, setUrlValue] = useState(value)
  const [sent, setSent] = useState(value)
  const debounced = useDebouncedCallback((q: string) => {
    setSent(q)
    onSearch(q)
  }, SEARCH_DELAY_MS)

  // The URL changed under us (back button, "Clear filters"): show what it says. A change we made ourselves leaves
  // the box alone, as the learner may have typed on since.
  if (value !== urlValue) {
    setUrlValue(value)
    if (value !== sent) {
      setSent(value)
      setText(value)
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setText(event.target.value)
    debounced.run(event.target.value.trim())
  }

  return (
    <form
      role="search"
      className="flex flex-1 flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        debounced.run(text.trim())
        debounced.flush()
      }}
    >
      <Label htmlFor="catalog-search">Search courses</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <Input
          id="catalog-search"
          type="search"
          value={text}
          onChange={onChange}
          maxLength={100}
          placeholder="Title or topic"
          autoComplete="off"
          className="pl-10"
        />
      </div>
    </form>
  )
}

interface FilterSelectProps {
  label: string
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  emptyLabel?: string
}

function FilterSelect({ label, value, onChange, options, emptyLabel }: FilterSelectProps) {
  const id = `catalog-${label.toLowerCase().replace(/\s+/g, '-')}`
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 md:min-w-36"
      >
        {emptyLabel ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
