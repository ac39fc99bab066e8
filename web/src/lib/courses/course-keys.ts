// Query keys of the course caches. They are the contract between the features that read courses (the catalog and
// course page in features/courses, the player in features/learn) and the progress writes that patch or invalidate
// those caches, so they live in the shared layer rather than inside one feature.
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  featured: () => [...courseKeys.all, 'featured'] as const,
  languages: () => [...courseKeys.all, 'languages'] as const,
  outlines: () => [...courseKeys.all, 'outline'] as const,
  outline: (slug: string) => [...courseKeys.outlines(), slug] as const,
  // Learner previews (as_learner) live apart from the outlines: progress writes and live progress patch every cached
  // outline of a course, and a preview must keep showing a fresh enrollment.
  previews: () => [...courseKeys.all, 'preview'] as const,
  preview: (slug: string) => [...courseKeys.previews(), slug] as const,
  mine: () => [...courseKeys.all, 'mine'] as const,
}
