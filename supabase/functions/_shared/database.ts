// A direct connection to the project's database (SUPABASE_DB_URL, which the platform and the local stack give every
// function), for work that must be one transaction with steps outside the database: account deletion removes the
// user's Storage objects between its row deletions and COMMIT. Everything else goes through the Data API.
import postgres from 'postgres'

export type Sql = postgres.Sql
export type TransactionSql = postgres.TransactionSql
export type JSONValue = postgres.JSONValue

let sql: Sql | undefined

/** The function's pool (a few connections, reused while the worker is warm). */
export function database(): Sql {
  if (!sql) {
    const url = Deno.env.get('SUPABASE_DB_URL')
    if (!url) throw new Error("SUPABASE_DB_URL is not set in the function's environment")
    // prepare: false, so the pool also works through a transaction-mode pooler (Supavisor on port 6543).
    sql = postgres(url, { max: 3, idle_timeout: 30, connect_timeout: 10, prepare: false, onnotice: () => {} })
  }
  return sql
}
