// Reads of courses: the public catalog (search, filters, sort, pages of 24), the featured strip on the home page,
// and the signed-in learner's own courses (a course's outline is lib/courses/course-outline-call.ts).
import type { SupabaseClient } from '@/lib/supabase'
import { CATALOG_PAGE_SIZE, type CatalogQuery } from '../schemas/catalog-search.schema'
import type { CourseLevel } from '@/lib/courses/course-outline.schema'
import { titleSearchFilter } from './search-pattern'

// `lessons` needs the foreign key named: enrollments (course_id, last_lesson_id) also links courses to lessons.
const CARD_COLUMNS =
  'id, slug, title, subtitle, cover_path, level, language, published_at, school:schools(name, slug), lessons!lessons_course_id_fkey(duration_s)'

export interface CourseCard {
  id: string
  slug: string
  title: string
  subtitle: string | null
  coverPath: string | null
  level: CourseLevel
  language: string
  schoolName: string | null
  schoolSlug: string | null
  durationS: number
  lessonCount: number
}

export interface CoursePage {
  courses: CourseCard[]
  total: number
  page: number
  pageCount: number
}

interface CardRow {
  id: string
  slug: string
  title: string
  subtitle: string | null
  cover_path: string | null
  level: CourseLevel
  language: string
  school: { name: string; slug: string } | null
  lessons: { duration_s: number }[]
}

function toCard(row: CardRow): CourseCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    coverPath: row.cover_path,
    level: row.level,
    language: row.language,
    schoolName: row.school?.name ?? null,
    schoolSlug: row.school?.slug ?? null,
    durationS: row.lessons.reduce((sum, lesson) => sum + lesson.duration_s, 0),
    lessonCount: row.lessons.length,
  }
}

function catalogBase(client: SupabaseClient, count?: 'exact') {
  return client
    .from('courses')
    .select(CARD_COLUMNS, count ? { count } : undefined)
    .eq('status', 'published')
    .eq('visibility', 'public')
}

/** One page of the public catalog, with the exact number of matching courses. */
export async function listCourses(client: SupabaseClient, query: CatalogQuery): Promise<CoursePage> {
  let request = catalogBase(client, 'exact')
  const search = titleSearchFilter(query.q)
  if (search) request = request.or(search)
  if (query.level) request = request.eq('level', query.level)
  if (query.language) request = request.eq('language', query.language)
  request =
    query.sort === 'popular'
      ? // learner_count is kept by the database from enrollments, which visitors cannot read themselves.
        request
          .order('learner_count', { ascending: false })
          .order('published_at', { ascending: false, nullsFirst: false })
      : request.order('published_at', { ascending: false, nullsFirst: false })
  const from = (query.page - 1) * CATALOG_PAGE_SIZE
  const { data, count, error } = await request.order('id').range(from, from + CATALOG_PAGE_SIZE - 1)

  // PostgREST answers a page past the end with 416 (PGRST103); show an empty page with the real total instead.
  if (error?.code === 'PGRST103') return pastTheEnd(client, query)
  if (error) throw error
  const total = count ?? 0
  return {
    courses: (data as unknown as CardRow[]).map(toCard),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)),
  }
}

async function pastTheEnd(client: SupabaseClient, query: CatalogQuery): Promise<CoursePage> {
  const first = await listCourses(client, { ...query, page: 1 })
  return { ...first, courses: [], page: query.page }
}

/** Languages that have at least one course in the public catalog, for the language filter. */
export async function listCatalogLanguages(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client
    .from('courses')
    .select('language')
    .eq('status', 'published')
    .eq('visibility', 'public')
    .order('language')
  if (error) throw error
  return [...new Set(data.map((row) => row.language))]
}

/** The newest published courses, for the signed-out home page. */
export async function listFeaturedCourses(client: SupabaseClient, limit = 3): Promise<CourseCard[]> {
  const { data, error } = await catalogBase(client)
    .order('published_at', { ascending: false, nullsFirst: false })
    .limit(limit)
  if (error) throw error
  return (data as unknown as CardRow[]).map(toCard)
}

/** A school's courses in the public catalog, newest first, for its school page. */
export async function listSchoolCourses(client: SupabaseClient, schoolId: string): Promise<CourseCard[]> {
  const { data, error } = await catalogBase(client)
    .eq('school_id', schoolId)
    .order('published_at', { ascending: false, nullsFirst: false })
    .order('id')
  if (error) throw error
  return (data as unknown as CardRow[]).map(toCard)
}
