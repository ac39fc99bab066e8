// The one place the app formats what people read: durations and clock times, dates, counts and plurals.
export * from './date'
export * from './duration'
export * from './percent'
export * from './plural'
export * from './text'
