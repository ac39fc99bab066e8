// Joins class names and resolves Tailwind conflicts, so a caller's `className` can override a component's defaults
// (`p-2` wins over a built-in `p-4`, `px-2` after `p-4` keeps both, `text-sm` and `text-slate-600` both stay).
//
// Each Tailwind class belongs to a group, the CSS property it sets; of two classes of one group under the same
// variants (`hover:`, `sm:`, …) and importance (`!`), the later one wins, and a group also overrides the narrower
// groups it covers (`p` covers `px` and `pt`, `size` covers `w` and `h`). Anything that is not a Tailwind class is
// kept as it is. This is the rule tailwind-merge applies; `cn.test.ts` holds this file to tailwind-merge's answers on
// every class this app's source uses, pair by pair, so a class that is added later is checked against it too. It is
// written here because tailwind-merge knows every utility of Tailwind (8.6 KiB gzip on every page's first load)
// where this needs the ones a project like this one writes.
import { clsx, type ClassValue } from 'clsx'

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs))
}

const tshirt = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/
const arbitrary = /^[[(].*[\])]$/
const isNumber = (value: string) => value !== '' && !Number.isNaN(Number(value))
const isLength = (value: string) => /^\[(length:|(\d|\.|calc|min|max|clamp|var)).*\]$|^\((length:)?.*\)$/.test(value)
const isSpacing = (value: string) => value === 'px' || isNumber(value) || arbitrary.test(value)
const isBorderWidth = (value: string) => value === '' || isNumber(value) || isLength(value)
const lineStyles = ['solid', 'dashed', 'dotted', 'double']
const sides = ['x', 'y', 's', 'e', 'bs', 'be', 't', 'r', 'b', 'l']
const corners = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl']

/** Whole classes that are a group on their own: display, position and the other one-word utilities. */
const exact: Record<string, string> = {}
function words(group: string, list: string) {
  for (const word of list.split(' ')) exact[word] = group
}
words(
  'display',
  'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column ' +
    'table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid ' +
    'contents list-item hidden',
)
words('position', 'static fixed absolute relative sticky')
words('visibility', 'visible invisible collapse')
words('sr', 'sr-only not-sr-only')
words('isolation', 'isolate isolation-auto')
words('text-decoration', 'underline overline line-through no-underline')
words('text-transform', 'uppercase lowercase capitalize normal-case')
words('font-style', 'italic not-italic')
words('font-smoothing', 'antialiased subpixel-antialiased')
words('text-overflow', 'truncate text-ellipsis text-clip')
words('fvn-normal', 'normal-nums')
words('fvn-ordinal', 'ordinal')
words('fvn-slashed-zero', 'slashed-zero')
words('fvn-figure', 'lining-nums oldstyle-nums')
words('fvn-spacing', 'proportional-nums tabular-nums')
words('fvn-fraction', 'diagonal-fractions stacked-fractions')
words('grow', 'grow')
words('shrink', 'shrink')
words('ring-w-inset', 'ring-inset')
words('transform', 'transform transform-cpu transform-gpu transform-none')
words('appearance', 'appearance-none appearance-auto')
words('resize', 'resize resize-none resize-x resize-y')
words('filter', 'filter filter-none')
words('backdrop-filter', 'backdrop-filter backdrop-filter-none')

const bare = new Set(['border', 'rounded', 'shadow', 'outline', 'ring', 'transition', 'blur'])

/** Utilities whose group is their first word, whatever value follows (`z-10`, `cursor-pointer`, `items-center`). */
const plainHeads = new Set(
  (
    'w h size top right bottom left start end z order basis aspect opacity tracking leading whitespace cursor duration ' +
    'delay ease animate rotate accent caret fill stroke columns hyphens content select transition grow shrink ' +
    'items self align'
  ).split(' '),
)

/** `gap-x-2` → `gap-x`, `gap-y-2` → `gap-y`; undefined for neither axis. */
function byAxis(head: string, rest: string): string | undefined {
  return /^[xy]-/.test(rest) ? `${head}-${rest[0]}` : undefined
}

/** The group of a class without its variants, `!` and leading `-`, or undefined for anything else. */
function groupOf(base: string): string | undefined {
  // An arbitrary property, `[overflow-wrap:anywhere]`, is a group of its own per property.
  if (base.startsWith('[') && base.endsWith(']')) {
    const property = base.slice(1, base.indexOf(':'))
    return base.includes(':') && property !== '' ? `[${property}]` : undefined
  }
  const whole = exact[base]
  if (whole) return whole
  const dash = base.indexOf('-')
  // A word without a value is a class only for these (`border` is `border-1`, `shadow` the default shadow).
  if (dash === -1 && !bare.has(base)) return undefined
  const head = dash === -1 ? base : base.slice(0, dash)
  const rest = dash === -1 ? '' : base.slice(dash + 1)
  const is = (...values: string[]) => oneOf(rest, ...values)
  if (plainHeads.has(head) && (rest !== '' || bare.has(base))) return head
  if (/^[pm][xysetrbl]?$/.test(head)) return isSpacing(rest) || (head[0] === 'm' && rest === 'auto') ? head : undefined
  switch (head) {
    case 'min':
    case 'max': {
      const [axis, ...value] = rest.split('-')
      return (axis === 'w' || axis === 'h') && value.length > 0 ? `${head}-${axis}` : undefined
    }
    case 'gap':
    case 'inset':
    case 'overflow':
    case 'overscroll':
      return byAxis(head, rest) ?? head
    case 'space':
      return byAxis(head, rest)
    case 'scale':
      return byAxis(head, rest) ?? head
    case 'touch':
      // Panning along each axis and pinch-zoom combine; auto, none and manipulation set them all.
      if (/^pan-(x|left|right)$/.test(rest)) return 'touch-x'
      if (/^pan-(y|up|down)$/.test(rest)) return 'touch-y'
      return rest === 'pinch-zoom' ? 'touch-pz' : 'touch'
    case 'pointer':
      return rest.startsWith('events-') ? 'pointer-events' : undefined
    case 'translate':
      return rest === 'none' ? 'translate-none' : /^[xyz]-/.test(rest) ? `translate-${rest[0]}` : 'translate'
    case 'will':
      return rest.startsWith('change-') ? 'will-change' : undefined
    case 'flex':
      if (is('row', 'row-reverse', 'col', 'col-reverse')) return 'flex-direction'
      if (is('wrap', 'wrap-reverse', 'nowrap')) return 'flex-wrap'
      return 'flex'
    case 'grid':
      if (rest.startsWith('cols-')) return 'grid-cols'
      if (rest.startsWith('rows-')) return 'grid-rows'
      if (rest.startsWith('flow-')) return 'grid-flow'
      return undefined
    case 'col':
    case 'row':
      if (rest.startsWith('span-') || rest === 'auto') return `${head}-start-end`
      if (rest.startsWith('start-')) return `${head}-start`
      if (rest.startsWith('end-')) return `${head}-end`
      return `${head}-start-end`
    case 'auto':
      return rest.startsWith('cols-') ? 'auto-cols' : rest.startsWith('rows-') ? 'auto-rows' : undefined
    case 'justify':
      if (rest.startsWith('items-')) return 'justify-items'
      if (rest.startsWith('self-')) return 'justify-self'
      return 'justify-content'
    case 'place':
      if (rest.startsWith('content-')) return 'place-content'
      if (rest.startsWith('items-')) return 'place-items'
      if (rest.startsWith('self-')) return 'place-self'
      return undefined
    case 'object':
      return is('contain', 'cover', 'fill', 'none', 'scale-down') ? 'object-fit' : 'object-position'
    case 'line':
      return rest.startsWith('clamp-') ? 'line-clamp' : undefined
    case 'list':
      if (is('inside', 'outside')) return 'list-style-position'
      return rest.startsWith('image-') ? 'list-image' : 'list-style-type'
    case 'break':
      if (is('normal', 'words', 'all', 'keep')) return 'break'
      if (rest.startsWith('after-')) return 'break-after'
      if (rest.startsWith('before-')) return 'break-before'
      if (rest.startsWith('inside-')) return 'break-inside'
      return undefined
    case 'wrap':
      return is('break-word', 'anywhere', 'normal') ? 'wrap' : undefined
    case 'text':
      if (is('left', 'center', 'right', 'justify', 'start', 'end')) return 'text-alignment'
      if (is('wrap', 'nowrap', 'balance', 'pretty')) return 'text-wrap'
      if (rest === 'base' || tshirt.test(rest) || isLength(rest)) return 'font-size'
      return 'text-color'
    case 'font':
      if (is('thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black')) {
        return 'font-weight'
      }
      if (isNumber(rest)) return 'font-weight'
      return 'font-family'
    case 'underline':
      return rest.startsWith('offset-') ? 'underline-offset' : undefined
    case 'decoration':
      if (is(...lineStyles, 'wavy')) return 'text-decoration-style'
      if (is('auto', 'from-font') || isNumber(rest) || isLength(rest)) return 'text-decoration-thickness'
      return 'text-decoration-color'
    case 'bg':
      if (is('fixed', 'local', 'scroll')) return 'bg-attachment'
      if (rest.startsWith('clip-')) return 'bg-clip'
      if (rest.startsWith('origin-')) return 'bg-origin'
      if (is('auto', 'cover', 'contain')) return 'bg-size'
      if (rest === 'no-repeat' || rest === 'repeat' || rest.startsWith('repeat-')) return 'bg-repeat'
      if (/^(center|top|bottom|left|right)/.test(rest)) return 'bg-position'
      if (rest === 'none' || /^(linear|radial|conic|gradient)-/.test(rest)) return 'bg-image'
      return 'bg-color'
    case 'from':
    case 'via':
    case 'to':
      return /%$/.test(rest) ? `gradient-${head}-pos` : `gradient-${head}`
    case 'rounded':
      return corners.find((corner) => rest === corner || rest.startsWith(`${corner}-`))
        ? `rounded-${rest.split('-')[0]}`
        : 'rounded'
    case 'border':
      return borderGroup(rest)
    case 'divide':
      if (rest === 'x' || rest.startsWith('x-')) return rest === 'x-reverse' ? 'divide-x-reverse' : 'divide-x'
      if (rest === 'y' || rest.startsWith('y-')) return rest === 'y-reverse' ? 'divide-y-reverse' : 'divide-y'
      if (is(...lineStyles, 'hidden', 'none')) return 'divide-style'
      return 'divide-color'
    case 'outline':
      if (rest.startsWith('offset-')) return 'outline-offset'
      if (is(...lineStyles, 'none', 'hidden')) return 'outline-style'
      return isBorderWidth(rest) ? 'outline-w' : 'outline-color'
    case 'ring':
      if (rest.startsWith('offset-')) {
        const value = rest.slice('offset-'.length)
        return isNumber(value) || isLength(value) ? 'ring-offset-w' : 'ring-offset-color'
      }
      return isBorderWidth(rest) ? 'ring-w' : 'ring-color'
    case 'shadow':
      return rest === '' || rest === 'none' || tshirt.test(rest) || /^\[(inset_)?-?\d/.test(rest)
        ? 'shadow'
        : 'shadow-color'
    case 'scroll':
      if (is('auto', 'smooth')) return 'scroll-behavior'
      return /^(m|p)[xytrblse]?$|^(m|p)b[se]$/.test(rest.split('-')[0] ?? '')
        ? `scroll-${rest.split('-')[0]}`
        : undefined
    case 'table':
      return is('auto', 'fixed') ? 'table-layout' : undefined
    case 'backdrop':
    case 'blur':
      return base.startsWith('backdrop-') ? `backdrop-${rest.split('-')[0]}` : 'blur'
    default:
      return undefined
  }
}

function borderGroup(rest: string): string {
  if (oneOf(rest, 'collapse', 'separate')) return 'border-collapse'
  if (oneOf(rest, ...lineStyles, 'hidden', 'none')) return 'border-style'
  if (rest.startsWith('spacing')) return rest.startsWith('spacing-x') ? 'border-spacing-x' : 'border-spacing'
  const side = sides.find((s) => rest === s || rest.startsWith(`${s}-`))
  const value = side ? rest.slice(side.length + 1) : rest
  const suffix = side ? `-${side}` : ''
  return isBorderWidth(value) ? `border-w${suffix}` : `border-color${suffix}`
}

function oneOf(value: string, ...values: string[]) {
  return values.includes(value)
}

/**
 * A box's edges: `p` covers `px`, `py` and each side, `px` the left and right ones (inline start and end included),
 * `py` the top and bottom ones (block start and end included, where the group has them).
 */
function edges(group: string, separator: string, blockEnds: boolean): Record<string, string[]> {
  const of = (list: string) => list.split(' ').map((side) => `${group}${separator}${side}`)
  const y = blockEnds ? 'bs be t b' : 't b'
  return {
    [group]: of(`x y s e ${blockEnds ? 'bs be ' : ''}t r b l`),
    [`${group}${separator}x`]: of('s e r l'),
    [`${group}${separator}y`]: of(y),
  }
}

const numeric = ['fvn-ordinal', 'fvn-slashed-zero', 'fvn-figure', 'fvn-spacing', 'fvn-fraction']

/** Groups that a class of the key's group also overrides when it comes later. */
const covers: Record<string, string[]> = {
  ...edges('p', '', false),
  ...edges('m', '', false),
  ...edges('scroll-m', '', false),
  ...edges('scroll-p', '', false),
  ...edges('border-w', '-', true),
  ...edges('border-color', '-', true),
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'fvn-normal': numeric,
  ...Object.fromEntries(numeric.map((group) => [group, ['fvn-normal']])),
  'line-clamp': ['display', 'overflow'],
  rounded: corners.map((corner) => `rounded-${corner}`),
  ...Object.fromEntries(
    ['s ss es', 'e se ee', 't tl tr', 'r tr br', 'b br bl', 'l tl bl'].map((list) => {
      const [side, ...corner] = list.split(' ')
      return [`rounded-${side}`, corner.map((c) => `rounded-${c}`)]
    }),
  ),
  touch: ['touch-x', 'touch-y', 'touch-pz'],
  'touch-x': ['touch'],
  'touch-y': ['touch'],
  'touch-pz': ['touch'],
  translate: ['translate-x', 'translate-y', 'translate-none'],
  'translate-none': ['translate', 'translate-x', 'translate-y', 'translate-z'],
}

/** Variants before an arbitrary one (`[&>p]:`) or a pseudo-element keep their order; others are sorted. */
const orderSensitive = new Set(['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'marker'])
function variantKey(variants: string[]): string {
  if (variants.length < 2) return variants.join(':')
  const sorted: string[] = []
  let run: string[] = []
  for (const variant of variants) {
    if (
      variant.startsWith('[') ||
      orderSensitive.has(variant) ||
      /^first-(letter|line)$|^(placeholder|selection)$/.test(variant)
    ) {
      sorted.push(...run.sort(), variant)
      run = []
    } else {
      run.push(variant)
    }
  }
  return [...sorted, ...run.sort()].join(':')
}

interface Parsed {
  variants: string[]
  important: boolean
  base: string
  /** Where a `/` modifier starts in `base` (`bg-white/80`, `text-sm/6`), if any. */
  slash?: number
}

function parse(className: string): Parsed {
  const variants: string[] = []
  let depth = 0
  let start = 0
  let slash: number | undefined
  for (let i = 0; i < className.length; i++) {
    const char = className[i]!
    if (depth === 0 && char === ':') {
      variants.push(className.slice(start, i))
      start = i + 1
    } else if (depth === 0 && char === '/') {
      slash = i
    } else if (char === '[' || char === '(') {
      depth++
    } else if (char === ']' || char === ')') {
      depth--
    }
  }
  let base = className.slice(start)
  let important = false
  if (base.endsWith('!')) {
    base = base.slice(0, -1)
    important = true
  } else if (base.startsWith('!')) {
    base = base.slice(1)
    important = true
  }
  // Counted from the base with its `!`, as tailwind-merge counts it.
  return { variants, important, base, slash: slash !== undefined && slash > start ? slash - start : undefined }
}

/** The group of a class's base, its leading `-` (negative values) set aside. */
function classify(base: string): string | undefined {
  return groupOf(base.startsWith('-') && base.length > 1 ? base.slice(1) : base)
}

export function mergeClasses(classList: string): string {
  const taken = new Set<string>()
  const kept: string[] = []
  const classes = classList.trim().split(/\s+/)
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!
    if (className === '') continue
    const { variants, important, base, slash } = parse(className)
    let group = slash !== undefined ? classify(base.slice(0, slash)) : undefined
    group ??= classify(base)
    if (group === undefined) {
      kept.push(className)
      continue
    }
    const prefix = variantKey(variants) + (important ? '!' : '')
    if (taken.has(prefix + group)) continue
    taken.add(prefix + group)
    for (const covered of covers[group] ?? []) taken.add(prefix + covered)
    kept.push(className)
  }
  return kept.reverse().join(' ')
}
