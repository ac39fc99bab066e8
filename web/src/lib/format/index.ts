// The one place the app formats what people read: durations and clock times, dates, counts and plurals. The app
// imports each formatter from its own module (ESLint refuses `@/lib/format`): through this barrel, a page's chunk kept
// every formatter, not the two it used. The tests read them all from here.
export * from './clock'
export * from './date'
export * from './duration'
export * from './percent'
export * from './plural'
export * from './text'
