// The continuation token of list-v2, in storage-api's format: base64 of "key:value" lines, l = the last name
// returned, o = sort order, c = sort column, a = that column's value on the last entry (ISO time). Any other line
// makes the token invalid, which storage-api answers with its generic 500.
import { errors } from '../errors.ts'

export interface Cursor {
  startAfter: string
  sortOrder?: string
  sortColumn?: string
  sortColumnAfter?: string
}

const parts: [string, keyof Cursor][] = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
]

export function encodeCursor(cursor: Cursor): string {
  const lines = parts.filter(([, name]) => cursor[name]).map(([key, name]) => `${key}:${cursor[name]}`)
  return Buffer.from(lines.join('\n')).toString('base64')
}

export function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' }
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line)
    const part = match && parts.find(([key]) => key === match[1])
    // storage-api throws a plain Error here, so the client sees an internal error rather than a 400.
    if (!match || !part) throw errors.internal()
    cursor[part[1]] = match[2]!
  }
  return cursor
}
