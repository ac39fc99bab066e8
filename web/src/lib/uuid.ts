// Recognises a uuid as Postgres accepts it in its canonical form, so a route can answer "not found" for a malformed id
// at once instead of sending it to the API (which refuses it with 22P02, an error rather than a missing row).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID.test(value)
}
