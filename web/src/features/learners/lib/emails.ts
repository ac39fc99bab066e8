// Parsing the "add by email" textarea: addresses separated by commas, semicolons, spaces or line breaks (as pasted
// from a spreadsheet or a mail client), trimmed, lowercased and each kept once, with the rule the add-learners
// function and the database apply. The valid ones are sent; the ones it could not read are listed back.
export const MAX_EMAILS = 100

const emailRule = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export function isEmail(value: string): boolean {
  return value.length <= 254 && emailRule.test(value)
}

export interface ParsedEmails {
  valid: string[]
  invalid: string[]
}

export function parseEmails(text: string): ParsedEmails {
  const seen = new Set<string>()
  const parsed: ParsedEmails = { valid: [], invalid: [] }
  for (const entry of text.split(/[,;\n]+/)) {
    // "Ada Lovelace <ada@example.com>" as mail clients copy it: the address between the brackets, name dropped.
    const bracketed = /<([^>]*)>/.exec(entry)?.[1]
    for (const part of bracketed === undefined ? entry.split(/\s+/) : [bracketed]) {
      const address = part.trim().toLowerCase()
      if (address === '' || seen.has(address)) continue
      seen.add(address)
      ;(isEmail(address) ? parsed.valid : parsed.invalid).push(address)
    }
  }
  return parsed
}

/** The form's message for the textarea when nothing can be sent, or undefined when the valid ones can be. */
export function emailsError(parsed: ParsedEmails): string | undefined {
  if (parsed.valid.length === 0) {
    if (parsed.invalid.length === 0) return 'Enter at least one email address.'
    return `${parsed.invalid.length === 1 ? 'This is not an email address' : 'None of these is an email address'}: ${parsed.invalid.join(', ')}.`
  }
  if (parsed.valid.length > MAX_EMAILS) return `Add at most ${MAX_EMAILS} email addresses at a time.`
  return undefined
}
