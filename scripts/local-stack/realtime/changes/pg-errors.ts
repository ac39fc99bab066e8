// A PostgreSQL error written as Postgrex's Exception.message writes it ("ERROR 22P02 (invalid_text_representation)
// invalid input syntax …"), because Realtime quotes that text in the system messages of failed subscriptions.

/** SQLSTATE → condition name, for the errors a subscription can run into. */
const CONDITIONS: Record<string, string> = {
  '22P02': 'invalid_text_representation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22004': 'null_value_not_allowed',
  '2201B': 'invalid_regular_expression',
  '22023': 'invalid_parameter_value',
  '22P05': 'untranslatable_character',
  '22021': 'character_not_in_repertoire',
  '22001': 'string_data_right_truncation',
  '23505': 'unique_violation',
  '25P02': 'in_failed_sql_transaction',
  '3F000': 'invalid_schema_name',
  '42501': 'insufficient_privilege',
  '42601': 'syntax_error',
  '42703': 'undefined_column',
  '42704': 'undefined_object',
  '42804': 'datatype_mismatch',
  '42846': 'cannot_coerce',
  '42883': 'undefined_function',
  '42P01': 'undefined_table',
  '54000': 'program_limit_exceeded',
  '57014': 'query_canceled',
  P0001: 'raise_exception',
  XX000: 'internal_error',
}

interface PgError {
  code?: unknown
  severity?: unknown
  message?: unknown
}

/** True for an error PostgreSQL reported (as opposed to a lost connection). */
export function isPgError(error: unknown): error is PgError & { code: string } {
  return (
    typeof (error as PgError | undefined)?.code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code as string)
  )
}

export function postgrexMessage(error: unknown): string {
  if (!isPgError(error)) return String((error as PgError | undefined)?.message ?? error)
  const severity = typeof error.severity === 'string' ? error.severity : 'ERROR'
  return `${severity} ${error.code} (${CONDITIONS[error.code] ?? 'unknown'}) ${String(error.message)}`
}
