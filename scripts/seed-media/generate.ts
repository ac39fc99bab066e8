// Regenerates the demo media in supabase/seed-media/ (course covers, lesson clips, captions) from media.ts.
// Needs ffmpeg with libvpx and libwebp on PATH (`apt-get install -y ffmpeg`); only when the media change: the files are
// committed, so `npm start` and `npm test` never need ffmpeg. Run: `npx tsx scripts/seed-media/generate.ts`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { supabaseDir } from '../local-stack/paths.ts'
import { captionsKey, coverKey, seedCourses, seedVideos, videoKey, type SeedVideo } from './media.ts'

const outDir = path.join(supabaseDir, 'seed-media')
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
const work = mkdtempSync(path.join(tmpdir(), 'summit-seed-media-'))

function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' })
  if (result.error) throw new Error(`ffmpeg is needed (apt-get install -y ffmpeg): ${result.error.message}`)
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed:\n${result.stderr}`)
}

/** drawtext reads its text from a file so titles need no filter-graph escaping. */
function textFile(name: string, text: string): string {
  const file = path.join(work, name)
  writeFileSync(file, text)
  return file
}

function target(bucket: string, key: string): string {
  const file = path.join(outDir, bucket, key)
  mkdirSync(path.dirname(file), { recursive: true })
  return file
}

const hex = (color: string) => `0x${color.slice(1)}`

function renderCover(index: number): string {
  const course = seedCourses[index]!
  const title = textFile(`cover-${index}.txt`, course.title)
  const school = textFile(`school-${index}.txt`, 'Summit Academy')
  const [from, to] = course.colors.map(hex)
  const file = target('course-covers', coverKey(course))
  ffmpeg([
    ...['-f', 'lavfi', '-i', `gradients=s=640x360:c0=${from}:c1=${to}:x0=0:y0=0:x1=640:y1=360:d=1:r=1`],
    '-vf',
    `drawtext=fontfile=${font}:textfile=${title}:fontcolor=white:fontsize=34:x=40:y=h-110,` +
      `drawtext=fontfile=${font}:textfile=${school}:fontcolor=white@0.85:fontsize=18:x=42:y=h-60`,
    ...['-frames:v', '1', '-c:v', 'libwebp', '-quality', '70'],
    file,
  ])
  return file
}

/** A title card: the lesson's title and course, a bar that grows across the clip, and a running timer. */
function renderVideo(video: SeedVideo, index: number): string {
  const course = seedCourses.find((c) => c.id === video.courseId)!
  const title = textFile(`title-${index}.txt`, video.title)
  const subtitle = textFile(`course-${index}.txt`, course.title)
  const timer = textFile(`timer-${index}.txt`, '%{pts:hms}')
  const d = video.seconds
  const graph = [
    `color=c=${hex(course.colors[0])}:s=640x360:r=12:d=${d}[bg]`,
    `color=c=white:s=640x8:r=12:d=${d}[bar]`,
    `[bg][bar]overlay=x='-W+W*t/${d}':y=H-8[base]`,
    `[base]drawtext=fontfile=${font}:textfile=${title}:fontcolor=white:fontsize=28:x=(w-text_w)/2:y=h/2-34,` +
      `drawtext=fontfile=${font}:textfile=${subtitle}:fontcolor=white@0.8:fontsize=18:x=(w-text_w)/2:y=h/2+14,` +
      `drawtext=fontfile=${font}:textfile=${timer}:fontcolor=white@0.9:fontsize=16:x=w-text_w-16:y=16`,
  ].join(';')
  const file = target('course-media', videoKey(video))
  ffmpeg([
    ...['-f', 'lavfi', '-i', graph],
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '52', '-deadline', 'good', '-cpu-used', '4', '-g', '240'],
    ...['-pix_fmt', 'yuv420p', '-an', '-f', 'webm'],
    file,
  ])
  return file
}

const timestamp = (seconds: number) => {
  const whole = Math.floor(seconds)
  const ms = Math.round((seconds - whole) * 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}.${pad(ms, 3)}`
}

function writeCaptions(video: SeedVideo): string {
  const step = video.seconds / video.cues.length
  const cues = video.cues.map(
    (text, i) => `${i + 1}\n${timestamp(i * step + 0.5)} --> ${timestamp((i + 1) * step - 0.25)}\n${text}\n`,
  )
  const file = target('course-media', captionsKey(video))
  writeFileSync(file, `WEBVTT\n\n${cues.join('\n')}`)
  return file
}

try {
  rmSync(outDir, { recursive: true, force: true })
  const files = [
    ...seedCourses.map((_, i) => renderCover(i)),
    ...seedVideos.flatMap((video, i) => [renderVideo(video, i), writeCaptions(video)]),
  ]
  let total = 0
  for (const file of files) {
    const size = statSync(file).size
    total += size
    process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${path.relative(supabaseDir, file)}\n`)
  }
  process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} KiB  in ${files.length} files\n`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
