// The demo media that supabase/seed.sql points at: one cover per course and one clip with captions per video lesson.
// Ids, titles and clip lengths here match the seed (lesson duration_s = clip length, so the video completion rule
// can be met by watching); generate.ts renders them into supabase/seed-media/.

export interface SeedCourse {
  id: string
  title: string
  /** Two colours of the cover's gradient. */
  colors: [string, string]
}

export interface SeedVideo {
  courseId: string
  lessonId: string
  title: string
  /** Clip length in seconds; equals the lesson's duration_s in the seed. */
  seconds: number
  /** Caption cues, spread evenly over the clip. */
  cues: string[]
}

const course = (n: number) => `c0000000-0000-4000-8000-00000000000${n}`
const lesson = (c: number, l: number) => `e0000000-0000-4000-8000-00000000${c}0${String(l).padStart(2, '0')}`

export const seedCourses: SeedCourse[] = [
  { id: course(1), title: 'Web Accessibility Basics', colors: ['#1d4ed8', '#0f766e'] },
  { id: course(2), title: 'Design Systems Studio', colors: ['#7c3aed', '#db2777'] },
  { id: course(3), title: 'SQL for Product People', colors: ['#0369a1', '#15803d'] },
  { id: course(4), title: 'Public Speaking for Engineers', colors: ['#b45309', '#b91c1c'] },
]

const video = (c: number, l: number, title: string, seconds: number, cues: string[]): SeedVideo => ({
  courseId: course(c),
  lessonId: lesson(c, l),
  title,
  seconds,
  cues,
})

export const seedVideos: SeedVideo[] = [
  video(1, 1, 'What accessibility really means', 24, [
    'Welcome to Web Accessibility Basics.',
    'Accessibility means people can perceive, understand and operate what we build.',
    'It helps permanent, temporary and situational disabilities alike.',
    'Let us look at who we are building for.',
  ]),
  video(1, 3, 'WCAG in plain words', 28, [
    'WCAG is organised around four principles.',
    'Perceivable: content reaches at least one sense.',
    'Operable: everything works with a keyboard.',
    'Understandable and robust: predictable, and it works with assistive technology.',
  ]),
  video(1, 4, 'Semantic HTML does the heavy lifting', 26, [
    'A real button is focusable and announces itself.',
    'A div with a click handler is neither.',
    'Headings, lists and landmarks give screen reader users a map.',
  ]),
  video(1, 6, 'Managing focus in single-page apps', 22, [
    'When the route changes, focus should move with it.',
    'Move focus to the new page heading.',
    'Return focus to the trigger when a dialog closes.',
  ]),
  video(1, 7, 'A first session with a screen reader', 30, [
    'Turn on VoiceOver with Command and F5, or start NVDA.',
    'Navigate by headings first.',
    'Then tab through every control and listen to its name and role.',
    'Write down anything that surprises you.',
  ]),
  video(2, 1, 'What a design system is (and is not)', 20, [
    'A design system is a product that serves other products.',
    'It is more than a component library.',
    'Tokens, components, docs and a way of working.',
  ]),
  video(2, 3, 'Anatomy of a button', 25, [
    'Every button has a label, a role and states.',
    'Hover, focus, active, disabled and loading.',
    'Decide which of these your system owns.',
  ]),
  video(2, 4, 'Variants without the chaos', 27, [
    'Variants describe intent, not appearance.',
    'Primary, secondary and danger age better than blue and grey.',
    'Limit sizes to the ones your layouts need.',
  ]),
  video(2, 6, 'Versioning and releasing', 23, [
    'Semantic versioning tells teams what an upgrade costs.',
    'Ship a changelog with every release.',
    'Deprecate first, remove later.',
  ]),
  video(3, 1, 'Tables, rows and columns', 18, [
    'A table is a list of things of one kind.',
    'Each row is one thing, each column one fact about it.',
  ]),
  video(3, 2, 'SELECT and FROM', 21, [
    'SELECT says which columns you want.',
    'FROM says which table they come from.',
    'Start every question with those two words.',
  ]),
  video(3, 4, 'WHERE clauses', 24, [
    'WHERE keeps only the rows you care about.',
    'Combine conditions with AND and OR.',
    'Be careful with NULL: it is never equal to anything.',
  ]),
  video(3, 5, 'ORDER BY and LIMIT', 19, [
    'ORDER BY sorts the result.',
    'LIMIT keeps the first few rows.',
    'Together they answer "top ten" questions.',
  ]),
  video(3, 7, 'Joining two tables', 29, [
    'A join matches rows from two tables on a shared key.',
    'Orders join users on user id.',
    'An inner join keeps matches only; a left join keeps every row on the left.',
    'Count your rows before and after a join.',
  ]),
  video(3, 9, 'Funnels and retention in SQL', 30, [
    'A funnel counts users at each step.',
    'Retention asks who came back a week later.',
    'Both start from one row per user per event.',
    'We will build both step by step.',
  ]),
  video(4, 2, 'Structuring a twenty-minute talk', 26, [
    'Open with the problem, not with yourself.',
    'Three points are plenty for twenty minutes.',
    'End with one thing the audience should do next.',
  ]),
]

/** Object keys inside each bucket, as the seed's cover_path, video_path and captions_path hold them. */
export const coverKey = (c: SeedCourse) => `${c.id}/cover.webp`
export const videoKey = (v: SeedVideo) => `${v.courseId}/${v.lessonId}/video.webm`
export const captionsKey = (v: SeedVideo) => `${v.courseId}/${v.lessonId}/captions.vtt`
