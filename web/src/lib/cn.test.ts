// cn against tailwind-merge, the rule it follows: every class this app's source writes, each pair of them in both
// orders and under a few variants, must merge to what tailwind-merge makes of it. Reading the source here means a
// class added tomorrow is checked as well; a class cn does not know must still be kept, as tailwind-merge keeps it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { extendTailwindMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn, mergeClasses } from './cn'

const src = path.resolve(import.meta.dirname, '..')
// tailwind-merge as a project configures it for its theme: styles.css adds two animations.
const twMerge = extendTailwindMerge({ extend: { theme: { animate: ['slide-in', 'fade-in'] } } })

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    // cn.ts itself names groups (`inset-x`), not classes.
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'cn.ts'
    return isSource ? [full] : []
  })
}

/** Every whitespace-separated word of every string literal in the app's source that could be a class. */
function classesInSource(): string[] {
  const found = new Set<string>()
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? ''
      for (const word of literal.split(/\s+/)) {
        if (/^!?-?[a-z*[(][\w\-:[\]()/.%,_#=&>*!@+]*$/.test(word) && !word.includes('${')) found.add(word)
      }
    }
  }
  return [...found].sort()
}

const classes = classesInSource()
/** The base of a class without its variants (the part after the last `:` outside brackets). */
const baseOf = (className: string) => className.split(/:(?![^[]*\])/).pop()!
const isGradient = (base: string) => base.startsWith('bg-gradient-to-')

describe('cn', () => {
  it('reads the classes of the source', () => {
    // The app writes hundreds of classes; far fewer means the reading above broke.
    expect(classes.length).toBeGreaterThan(400)
    expect(classes).toContain('text-slate-600')
    expect(classes).toContain('hover:bg-slate-50')
  })

  it('merges each class with itself and alone as tailwind-merge does', () => {
    const mismatches = classes
      .flatMap((a) => [a, `${a} ${a}`])
      .filter((list) => mergeClasses(list) !== twMerge(list))
      .map((list) => `${list} → ${mergeClasses(list)} (${twMerge(list)})`)
    expect(mismatches).toEqual([])
  })

  // Every pair of the app's classes, so it grows with the source: its file took 1.6-4.1 s in the last runs of
  // `npm test`, and went over Vitest's default 5 s once beside the other lanes.
  it('merges every pair of the source classes, in both orders, as tailwind-merge does', { timeout: 30_000 }, () => {
    // Words tailwind-merge does not know (it keeps both of `lesson lesson`) are held to that by the test above.
    const known = classes.map(baseOf).filter((base) => twMerge(`${base} ${base}`) === base)
    const bases = [...new Set(known)]
    const mismatches: string[] = []
    for (const a of bases) {
      for (const b of bases) {
        if (a === b || isGradient(a) || isGradient(b)) continue
        const list = `${a} ${b}`
        if (mergeClasses(list) !== twMerge(list)) mismatches.push(`${list} → ${mergeClasses(list)} (${twMerge(list)})`)
      }
    }
    expect(mismatches.slice(0, 60)).toEqual([])
  })

  // The one deliberate difference: Tailwind v4 still reads `bg-gradient-to-*` as `bg-linear-to-*`, a background
  // image; tailwind-merge 3 no longer knows the old name and takes it for a background colour, which would drop the
  // colour a gradient is laid over.
  it('keeps a background colour under a bg-gradient-to gradient, and one gradient of two', () => {
    expect(cn('bg-teal-50 bg-gradient-to-br')).toBe('bg-teal-50 bg-gradient-to-br')
    expect(cn('bg-gradient-to-br bg-slate-900/40')).toBe('bg-gradient-to-br bg-slate-900/40')
    expect(cn('bg-gradient-to-br bg-linear-to-r')).toBe('bg-linear-to-r')
    expect(twMerge('bg-linear-to-r bg-teal-50')).toBe('bg-linear-to-r bg-teal-50')
  })

  it('keeps variants, importance and the `/` modifier apart as tailwind-merge does', () => {
    const lists = [
      'p-4 hover:p-2 p-2',
      'hover:focus:p-4 focus:hover:p-2',
      'sm:px-2 sm:p-4 px-3',
      'p-4! p-2',
      '!p-4 p-2 !p-1',
      'bg-white/80 bg-slate-50',
      'text-sm/6 leading-7 text-base',
      'leading-7 text-sm/6',
      'group-data-[state=open]:rotate-180 rotate-0 group-data-[state=open]:rotate-90',
      '[&>p]:hover:mt-2 hover:[&>p]:mt-4',
      'before:hover:mt-2 hover:before:mt-4',
      '-mt-2 mt-4',
      'w-[min(28rem,calc(100vw-2rem))] w-full',
      'text-[13px] text-red-700 text-[14px]',
      'line-clamp-2 block overflow-hidden',
      'block overflow-hidden line-clamp-2',
      'border border-slate-200 border-t-2 border-t-red-600 border-0',
      'rounded-lg rounded-t-none rounded-xl',
      'unknown-class p-2 another p-4 unknown-class',
      // Words that are classes without a value, and groups this app does not write today.
      'transition duration-200 transition-colors shadow shadow-md border border-2 rounded rounded-lg ring ring-2',
      'touch-pan-x touch-pan-y touch-pinch-zoom touch-none touch-pan-up touch-auto',
      'touch-none touch-pan-x touch-pan-y touch-pinch-zoom',
      'select-none touch-none pointer-events-none items-center self-start align-middle scale-95 scale-x-100',
      'scroll-mt-4 scroll-m-2 scroll-px-2 scroll-pl-1 overscroll-x-none overscroll-contain space-x-2 space-y-1',
      'outline outline-2 outline-offset-2 outline-teal-700 outline-none divide-y divide-x-2 divide-slate-100 divide-dashed',
      'bg-fixed bg-cover bg-center bg-no-repeat bg-none bg-red-50 decoration-2 decoration-wavy decoration-red-500',
      'font-sans font-bold font-mono text-left text-wrap text-balance text-lg/7 leading-3 from-teal-50 from-10% to-slate-50',
      'col-span-2 col-start-1 row-span-3 grid-cols-2 grid-flow-col justify-center justify-items-start justify-self-end',
      'place-items-center break-words break-after-page wrap-anywhere list-disc list-inside object-cover object-center',
      'line-clamp-3 block table table-fixed backdrop-blur blur-sm rounded-t-lg rounded-tl-none rounded-s-md rounded-ss-sm',
      'border-x-2 border-l-4 border-t-red-500 border-y border-dashed border-collapse inset-0 inset-x-2 top-1 -left-2',
      'translate-x-2 translate-none translate-y-1 rotate-45 scale-100 min-w-0 max-h-64 size-4 w-2 h-3 flex-1 basis-1/2 grow-0',
      '  p-2\n\tp-4  ',
      '',
    ]
    for (const list of lists) expect(mergeClasses(list), list).toBe(twMerge(list))
  })

  it('joins conditional parts before merging', () => {
    const hidden = false as boolean
    expect(cn('p-4 text-slate-600', hidden && 'hidden', undefined, ['p-2', { 'text-red-700': true }])).toBe(
      'p-2 text-red-700',
    )
  })
})
