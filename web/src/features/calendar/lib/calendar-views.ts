// The calendar's views, apart from the date library: the route's search schema needs them in the first load.
export const calendarViews = ['month', 'week', 'agenda'] as const
export type CalendarView = (typeof calendarViews)[number]
