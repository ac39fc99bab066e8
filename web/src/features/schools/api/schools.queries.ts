// School page queries (TkDodo's factory): the key holds the slug, the query function's only input. The page is the
// same for every visitor except viewer.is_owner, which the app's reset of every cache on sign-in and sign-out renews.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getSchoolPage } from './school-page.api'

export const schoolKeys = {
  all: () => ['schools'] as const,
  pages: () => [...schoolKeys.all(), 'page'] as const,
  page: (slug: string) => [...schoolKeys.pages(), slug] as const,
}

export const schoolQueries = {
  page: (slug: string) =>
    queryOptions({
      queryKey: schoolKeys.page(slug),
      queryFn: () => getSchoolPage(supabase, slug),
    }),
}
