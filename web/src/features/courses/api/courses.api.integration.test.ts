// Integration: the course reads and enroll against the running stack (SUMMIT_TEST_API_URL) and its demo courses,
// through supabase-js, as a visitor and as a fresh learner. Skipped when no stack is running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@/lib/supabase'
import { apiUrl, deleteTestUser, signedInTestUser, stackClient } from '@/testing/stack'
import { toCatalogQuery } from '../schemas/catalog-search.schema'
import { getCourseOutline } from '@/lib/courses/course-outline-call'
import { listCatalogLanguages, listCourses, listFeaturedCourses } from './courses.api'
import { enroll, EnrollError } from './enroll.api'
import { listMyCourses } from './my-courses.api'

describe.skipIf(!apiUrl)('courses api on the running stack', () => {
  const visitor = apiUrl ? stackClient() : (undefined as never)
  let learner: SupabaseClient
  let learnerId: string

  beforeAll(async () => {
    ;({ id: learnerId, client: learner } = await signedInTestUser('catalog'))
  })

  afterAll(async () => {
    if (learnerId) await deleteTestUser(learnerId)
  })

  it('lists published public courses with an exact count and never the draft', async () => {
    const page = await listCourses(visitor, toCatalogQuery({}))
    const slugs = page.courses.map((course) => course.slug)
    expect(slugs).toEqual(expect.arrayContaining(['web-accessibility-basics', 'sql-for-product-people']))
    expect(slugs).not.toContain('public-speaking-for-engineers')
    expect(page.total).toBe(page.courses.length)
    const course = page.courses.find((c) => c.slug === 'web-accessibility-basics')
    expect(course?.schoolName).toBeTruthy()
    expect(course?.durationS).toBeGreaterThan(0)
    expect(course?.lessonCount).toBeGreaterThan(0)
  })

  it('searches title and subtitle ignoring case, with wildcards and filter syntax taken literally', async () => {
    const sql = await listCourses(visitor, toCatalogQuery({ q: 'SQL' }))
    expect(sql.courses.map((c) => c.slug)).toContain('sql-for-product-people')
    for (const q of ['%', '_', 'a,b)', '"x"', 'back\\slash']) {
      const page = await listCourses(visitor, toCatalogQuery({ q }))
      expect({ q, total: page.total }).toEqual({ q, total: 0 })
    }
  })

  it('filters by level and language and sorts both ways', async () => {
    const advanced = await listCourses(visitor, toCatalogQuery({ level: 'advanced' }))
    expect(advanced.courses.every((c) => c.level === 'advanced')).toBe(true)
    const english = await listCourses(visitor, toCatalogQuery({ language: 'en' }))
    expect(english.courses.every((c) => c.language === 'en')).toBe(true)
    const newest = await listCourses(visitor, toCatalogQuery({ sort: 'newest' }))
    const popular = await listCourses(visitor, toCatalogQuery({ sort: 'popular' }))
    expect(popular.total).toBe(newest.total)
    // Popular means most learners first (courses.learner_count, kept by the database).
    const { data: counts } = await visitor
      .from('courses')
      .select('slug, learner_count')
      .in(
        'slug',
        popular.courses.map((c) => c.slug),
      )
      .throwOnError()
    const learners = popular.courses.map((c) => counts.find((row) => row.slug === c.slug)?.learner_count ?? -1)
    expect(learners).toEqual([...learners].sort((a, b) => b - a))
    expect(learners.every((n) => n >= 0)).toBe(true)
    expect(await listCatalogLanguages(visitor)).toContain('en')
    expect((await listFeaturedCourses(visitor)).length).toBeGreaterThan(0)
  })

  it('answers a page past the end with no courses and the real total', async () => {
    const page = await listCourses(visitor, toCatalogQuery({ page: 50 }))
    expect(page.courses).toEqual([])
    expect(page.page).toBe(50)
    expect(page.total).toBeGreaterThan(0)
  })

  it('parses the outline of every published demo course and refuses the draft', async () => {
    for (const slug of ['web-accessibility-basics', 'design-systems-studio', 'sql-for-product-people']) {
      const outline = await getCourseOutline(visitor, slug)
      expect(outline.course.slug).toBe(slug)
      expect(outline.viewer.signed_in).toBe(false)
    }
    await expect(getCourseOutline(visitor, 'public-speaking-for-engineers')).rejects.toMatchObject({
      code: 'course_not_found',
    })
  })

  it('enrolls a learner in the open course, who then sees it in their courses at 0%', async () => {
    const first = await enroll(learner, { slug: 'web-accessibility-basics' })
    expect(first.created).toBe(true)
    const again = await enroll(learner, { slug: 'web-accessibility-basics' })
    expect(again.created).toBe(false)

    const mine = await listMyCourses(learner, learnerId)
    expect(mine.map((m) => [m.course.slug, m.percent, m.completedCount])).toEqual([['web-accessibility-basics', 0, 0]])
    expect(mine[0]?.remainingS).toBe(mine[0]?.durationS)

    const outline = await getCourseOutline(learner, 'web-accessibility-basics')
    expect(outline.viewer.enrollment?.status).toBe('active')
  })

  it("previews a course as a new learner for the school's staff only, through the Data API", async () => {
    const staff = stackClient()
    const { error } = await staff.auth.signInWithPassword({ email: 'instructor@example.com', password: 'summit-demo' })
    expect(error).toBeNull()
    const preview = await getCourseOutline(staff, 'sql-for-product-people', true)
    expect(preview.viewer).toMatchObject({ is_member: true, as_learner: true, enrollment: null })
    const lessons = preview.sections.flatMap((section) => section.lessons)
    expect(lessons.map((l) => l.progress)).toEqual(lessons.map(() => null))
    expect(lessons[1]?.lock?.reason).toBe('sequence')
    expect(lessons.some((l) => l.lock?.reason === 'release')).toBe(true)
    // Without the preview the same instructor opens everything.
    const own = await getCourseOutline(staff, 'sql-for-product-people')
    expect(own.viewer.as_learner).toBe(false)
    expect(own.sections.flatMap((section) => section.lessons).every((l) => l.available)).toBe(true)
    // Anyone else asking for a preview gets their ordinary answer.
    const outsider = await getCourseOutline(visitor, 'sql-for-product-people', true)
    expect(outsider.viewer.as_learner).toBe(false)
    expect(outsider.sections.flatMap((section) => section.lessons).find((l) => !l.is_preview)?.lock).toEqual({
      reason: 'enroll',
    })
  })

  it('turns a refused enrollment into an EnrollError with the catalogue code', async () => {
    const refused = await enroll(learner, { slug: 'design-systems-studio' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(EnrollError)
    expect(refused).toMatchObject({ code: 'enrollment_closed', status: 403 })
    await expect(enroll(visitor, { slug: 'web-accessibility-basics' })).rejects.toMatchObject({ code: 'not_signed_in' })
  })
})
