// Which migrations created or changed an object, for the "History" lines of the schema view: a migration counts
// for an object when one of its DDL statements (create, alter, drop, comment, grant, revoke) names that object
// first, as `create policy … on public.courses` does for public.courses and a function body's contents do not.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { History } from './render.ts'

const ddl = /^(create|alter|drop|comment\s+on|grant|revoke)\b/
const qualifiedName = /\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/

/** The statements of a migration without function bodies, string literals and comments, in lower case. */
export function statementsOf(sql: string): string[] {
  // One pass, so whichever starts first wins: an apostrophe in a comment opens no string, and -- in a string or a
  // body starts no comment.
  const stripped = sql.replace(/\$([a-z_]*)\$[\s\S]*?\$\1\$|'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//gi, ' ')
  return stripped
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((statement) => ddl.test(statement))
}

/** The object a DDL statement is about: the first schema-qualified name in it. */
export function subjectOf(statement: string): string | undefined {
  const match = qualifiedName.exec(statement)
  return match ? `${match[1]}.${match[2]}` : undefined
}

/** Reads every migration in the folder once and answers by qualified name, oldest migration first. */
export function migrationHistory(migrationsDir: string): History {
  const byObject = new Map<string, string[]>()
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
  for (const file of files) {
    const subjects = new Set(
      statementsOf(readFileSync(path.join(migrationsDir, file), 'utf8')).flatMap(
        (statement) => subjectOf(statement) ?? [],
      ),
    )
    for (const subject of subjects) byObject.set(subject, [...(byObject.get(subject) ?? []), file])
  }
  return (name) => byObject.get(name.toLowerCase()) ?? []
}
