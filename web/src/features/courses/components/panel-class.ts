// The card the course page's call to action sits in, shared by the enroll panel and the learner panel.
export const panelClass = 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5'
