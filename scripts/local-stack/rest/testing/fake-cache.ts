// A small in-memory schema cache for the unit tests of the planner and SQL builder: authors, courses (two keys to
// authors), sections, students and a junction, built through the same relationship code as the real cache.
import { buildRelationships, type KeyConstraint } from '../schema-cache/relationships.ts'
import { typeNames } from '../schema-cache/type-names.ts'
import { key, type Column, type SchemaCache, type Table } from '../schema-cache/types.ts'

let oid = 1000

function table(name: string, columns: [string, string][], primaryKey: string[]): Table {
  const columnList: Column[] = columns.map(([n, t], i) => ({
    name: n,
    position: i + 1,
    type: t,
    baseType: t,
    nullable: true,
    default: null,
  }))
  return {
    oid: oid++,
    schema: 'api',
    name,
    kind: 'table',
    columns: new Map(columnList.map((c) => [c.name, c])),
    columnList,
    primaryKey,
    insertable: true,
    updatable: true,
    deletable: true,
    description: null,
  }
}

export function fakeCache(): SchemaCache {
  const authors = table(
    'authors',
    [
      ['id', 'int4'],
      ['name', 'text'],
      ['profile', 'jsonb'],
    ],
    ['id'],
  )
  const courses = table(
    'courses',
    [
      ['id', 'int4'],
      ['title', 'text'],
      ['author_id', 'int4'],
      ['co_author_id', 'int4'],
    ],
    ['id'],
  )
  const sections = table(
    'sections',
    [
      ['id', 'int4'],
      ['course_id', 'int4'],
      ['title', 'text'],
    ],
    ['id'],
  )
  const students = table(
    'students',
    [
      ['id', 'int4'],
      ['name', 'text'],
    ],
    ['id'],
  )
  const enrollments = table(
    'enrollments',
    [
      ['student_id', 'int4'],
      ['course_id', 'int4'],
    ],
    ['student_id', 'course_id'],
  )
  const tables = [authors, courses, sections, students, enrollments]
  const attnum = (t: Table, c: string) => t.columns.get(c)!.position
  const fk = (name: string, from: Table, col: string, to: Table, toCol = 'id'): KeyConstraint => ({
    name,
    type: 'f',
    oid: from.oid,
    columns: [attnum(from, col)],
    foreignOid: to.oid,
    foreignColumns: [attnum(to, toCol)],
  })
  const constraints = [
    fk('courses_author_id_fkey', courses, 'author_id', authors),
    fk('courses_co_author_id_fkey', courses, 'co_author_id', authors),
    fk('sections_course_id_fkey', sections, 'course_id', courses),
    fk('enrollments_student_id_fkey', enrollments, 'student_id', students),
    fk('enrollments_course_id_fkey', enrollments, 'course_id', courses),
  ]
  const byBase = new Map(
    tables.map((t) => [t.oid, new Map(t.columnList.map((c) => [`${t.oid}:${c.position}`, c.name]))]),
  )
  const relationships = new Map<string, ReturnType<typeof buildRelationships>>()
  for (const rel of buildRelationships(tables, { byBase }, constraints, new Map())) {
    const k = key(rel.table.schema, rel.table.name)
    relationships.set(k, [...(relationships.get(k) ?? []), rel])
  }
  return {
    tables: new Map(tables.map((t) => [key(t.schema, t.name), t])),
    relationships,
    routines: new Map(),
    computedFields: new Map(),
    types: typeNames(
      [
        { schema: 'pg_catalog', name: 'text' },
        { schema: 'pg_catalog', name: 'int4' },
      ],
      ['api'],
      [],
    ),
    roleSettings: new Map(),
    config: new Map(),
    timezones: new Set(['UTC']),
    loadedAt: new Date(),
  }
}
