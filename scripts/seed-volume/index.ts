// `npm run seed:volume [-- --db-url=<url>] [--learners=20000]`: adds "Volume Course" (200 lessons, 20,000 learners
// by default, about 100 progress rows each: 2 million; --learners=100000 makes 10 million) to a database, by
// default the local stack's, and prints how long each step took. The demo owner and instructor can open its
// analytics at /studio/courses/c0000000-0000-4000-8000-00000000f001/analytics.
import { seedVolume, volumeCourseId } from './seed.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const url = arg('db-url') ?? process.env.SUMMIT_DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'
const learners = Number(arg('learners') ?? 20_000)

process.stdout.write(
  `seeding ${learners.toLocaleString('en-US')} learners into ${url.replace(/:[^:@/]*@/, ':***@')}...\n`,
)
const counts = await seedVolume(url, learners)
for (const step of counts.steps) process.stdout.write(`  ${step.name.padEnd(28)} ${step.seconds.toFixed(1)} s\n`)
process.stdout.write(
  `Volume Course (${volumeCourseId}): ${counts.learners.toLocaleString('en-US')} learners, ` +
    `${counts.progressRows.toLocaleString('en-US')} progress rows in ${counts.seconds.toFixed(1)} s ` +
    `(derived state checked against the rows and ${counts.witnesses} learners loaded through the triggers)\n`,
)
