// How `npm test` splits the Vitest projects into processes that run side by side, and which project a test file is in.
// The tooling's integration tests mostly wait (on servers, timers, a database restarting), so two processes of them
// take about the time of the longer one. They are split where the tests share nothing but the cluster: "scripts-db"
// holds the local stack's database, Realtime and scheduler tests (throw-away clusters, databases of their own, and
// Realtime's schemas of their own in the shared publication, which only these tests add tables to and drop), and
// "scripts" the rest, which use the stack's servers or none.

/** Folders under scripts/ whose tests make up the project "scripts-db". */
export const databaseTestDirs = ['local-stack/db/', 'local-stack/realtime/', 'local-stack/scheduler/']

/** The Vitest groups `npm test` runs, each in a process of its own, and the projects (`--project`) in each. */
export const vitestGroups = {
  web: ['web', 'web-build'],
  scripts: ['scripts'],
  'scripts-db': ['scripts-db'],
} as const

export type VitestGroup = keyof typeof vitestGroups

/** The group of a test file, by its path relative to the repo (as the projects' include patterns place it). */
export function vitestGroupOf(file: string): VitestGroup {
  if (file.startsWith('web/')) return 'web'
  const inScripts = file.replace(/^scripts\//, '')
  return databaseTestDirs.some((dir) => inScripts.startsWith(dir)) ? 'scripts-db' : 'scripts'
}
