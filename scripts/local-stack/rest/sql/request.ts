// The statement step: a planned read, mutation or call turned into what execute/ runs in one transaction — the
// settings statement, the one main statement (and an EXPLAIN for planned counts), read-only or not, and the check
// that decides commit or rollback; db-pre-request's call goes before the main statement. With the plan media type
// the main statement is wrapped in EXPLAIN instead, as PostgREST does: no count estimate and no result checks, only
// Prefer: tx= and db-tx-end decide the end.
import type { SqlStatement } from '../execute/database.ts'
import type { RequestRun } from '../execute/transaction.ts'
import type { CallAction } from '../plan/call-action.ts'
import type { MutateAction } from '../plan/mutate-action.ts'
import type { ReadAction } from '../plan/read-action.ts'
import { maxRows as effectiveMaxRows, shouldRollback, type RequestContext } from '../request/context.ts'
import type { PlanMedia } from '../request/media.ts'
import { quoteIdent } from './builder.ts'
import { callSql } from './call.ts'
import { mutationSql } from './mutate.ts'
import { transactionSettings } from './settings.ts'
import { buildStatement, explainCountStatement } from './statements.ts'

export function requestStatements(ctx: RequestContext, plan: ReadAction | MutateAction | CallAction): RequestRun {
  const run = actionStatements(ctx, plan)
  const preRequest = preRequestStatement(ctx.cache.config.get('db_pre_request'))
  const statements = plan.explain ? explained(run, plan.explain) : run
  // PostgREST's planIsoLvl: a called function's default_transaction_isolation, else the role's.
  const isolation =
    (plan.kind === 'call' ? plan.routine.isolation : undefined) ?? ctx.cache.roleIsolation?.get(ctx.caller.role)
  return { ...statements, ...(preRequest ? { preRequest } : {}), ...(isolation ? { isolation } : {}) }
}

/**
 * db-pre-request (`pgrst.db_pre_request`): `SELECT "schema"."fn"()`, the name split at its first dot as PostgREST
 * splits it (an unqualified name is found through the search_path).
 */
export function preRequestStatement(name: string | undefined): SqlStatement | undefined {
  if (name === undefined || name === '') return undefined
  const dot = name.indexOf('.')
  let [schema, fn] = dot < 0 ? ['', name] : [name.slice(0, dot), name.slice(dot + 1)]
  // `fn.` names `fn` (nothing after the dot), `.fn` names `fn` unqualified (nothing before it).
  if (fn === '') [schema, fn] = ['', schema]
  return { text: `SELECT ${schema === '' ? '' : `${quoteIdent(schema)}.`}${quoteIdent(fn)}()`, values: [] }
}

function actionStatements(ctx: RequestContext, plan: ReadAction | MutateAction | CallAction): RequestRun {
  switch (plan.kind) {
    case 'read':
      return readStatements(ctx, plan)
    case 'mutate':
      return mutateStatements(ctx, plan)
    case 'call':
      return callStatements(ctx, plan)
  }
}

/** `EXPLAIN (FORMAT JSON, ANALYZE, …) <main statement>`, options in PostgREST's order. */
export function explainStatement(main: SqlStatement, media: PlanMedia): SqlStatement {
  const options = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => o.toUpperCase())]
  return { text: `EXPLAIN (${options.join(', ')}) ${main.text}`, values: main.values }
}

function explained(run: RequestRun, media: PlanMedia): RequestRun {
  return {
    settings: run.settings,
    main: explainStatement(run.main, media),
    readOnly: run.readOnly,
    rollback: run.rollback,
    plan: true,
  }
}

const wantsExact = (ctx: RequestContext) => ctx.prefs.count === 'exact' || ctx.prefs.count === 'estimated'
const wantsPlanned = (ctx: RequestContext) => ctx.prefs.count === 'planned' || ctx.prefs.count === 'estimated'

function readStatements(ctx: RequestContext, plan: ReadAction): RequestRun {
  const { root } = plan
  const maxRows = effectiveMaxRows(ctx)
  const main = buildStatement({
    root,
    body: ctx.method === 'HEAD' ? { kind: 'none' } : plan.output,
    exactCount: wantsExact(ctx),
    ...(ctx.prefs.count === 'estimated' && maxRows !== undefined ? { countLimit: maxRows + 1 } : {}),
  })
  return {
    settings: transactionSettings(ctx),
    main,
    ...(wantsPlanned(ctx) ? { explain: explainCountStatement(root) } : {}),
    readOnly: true,
    rollback: shouldRollback(ctx),
  }
}

function mutateStatements(ctx: RequestContext, plan: MutateAction): RequestRun {
  const { sql, output } = plan
  const merge = sql.kind === 'insert' && sql.onConflict?.resolution === 'merge-duplicates'
  const main = buildStatement({
    root: plan.root,
    body: output ?? { kind: 'none' },
    source: (p) => mutationSql(sql, p),
    exactCount: false,
    plainSource: output === undefined,
    ...(plan.mutation === 'insert' && ctx.prefs.return === 'headers-only'
      ? { locationColumns: plan.table.primaryKey }
      : {}),
    countInserted: merge || plan.mutation === 'put',
  })
  return {
    settings: transactionSettings(ctx),
    main,
    readOnly: false,
    rollback: shouldRollback(ctx),
    ...(plan.check ? { check: plan.check } : {}),
  }
}

function callStatements(ctx: RequestContext, plan: CallAction): RequestRun {
  const { routine, root, output } = plan
  const source = (p: Parameters<typeof callSql>[2]) => callSql(routine, plan.args, p)
  const main = buildStatement({
    root,
    body: ctx.method === 'HEAD' ? { kind: 'none' } : output,
    source,
    exactCount: wantsExact(ctx),
    ...(routine.returns.kind === 'scalar' || routine.returns.kind === 'void'
      ? { scalar: { set: routine.returns.kind === 'scalar' && routine.returns.set } }
      : {}),
    singleRow: routine.returns.kind === 'composite' && !routine.returns.set,
  })
  // A read-only call has nothing to undo: its checks wait for the result (render/) instead of holding the
  // transaction open.
  const holdsOpen = !plan.readOnly && (output.kind === 'object' || plan.strictMax !== undefined)
  return {
    settings: transactionSettings(ctx, routine.settings),
    main,
    ...(wantsPlanned(ctx) ? { explain: explainCountStatement(root, source) } : {}),
    readOnly: plan.readOnly,
    rollback: shouldRollback(ctx),
    ...(holdsOpen ? { check: plan.check } : {}),
  }
}
