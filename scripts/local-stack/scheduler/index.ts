// The scheduler's interface to the rest of the stack: the SQL-only pg_cron and pg_net, put into PostgreSQL's
// extension folder before the database starts (install.ts), and the worker that runs their jobs and requests
// (worker.ts). stack.ts wires both.
export { installSchedulerExtensions } from './install.ts'
export { Scheduler, type SchedulerOptions } from './worker.ts'
