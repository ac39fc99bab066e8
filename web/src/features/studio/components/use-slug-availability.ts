// Live uniqueness check for a slug being typed: waits for a quiet 300 ms, skips slugs that break the format (the
// form already says why), and asks the database, which sees every slug without saying whose it is.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { studioQueries } from '../api/studio.queries'
import { slugProblem } from '../lib/slug'

export type SlugAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown'

export function useSlugAvailability(kind: 'school' | 'course', slug: string): SlugAvailability {
  const [settled, setSettled] = useState(slug)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(slug), 300)
    return () => clearTimeout(timer)
  }, [slug])
  const checkable = slugProblem(settled) === null
  const query = useQuery({ ...studioQueries.slugAvailable(kind, settled), enabled: checkable })
  if (!checkable || slugProblem(slug) !== null) return 'idle'
  if (settled !== slug || query.isPending) return 'checking'
  if (query.isError) return 'unknown'
  return query.data ? 'available' : 'taken'
}
