// Parsing the "add by email" textarea: addresses separated by commas, semicolons, spaces or line breaks (as pasted
// from a spreadsheet or a mail client), trimmed, lowercased and each kept once, with the rule the add-learners
// function and the database apply, so the form can say which ones are wrong before sending.
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
  for (const part of text.split(/[\s,;]+/)) {
    // "Ada Lovelace <ada@example.com>" as mail clients copy it: the address between the brackets.
    const address = (/<([^>]*)>/.exec(part)?.[1] ?? part).trim().toLowerCase()
    if (address === '' || seen.has(address)) continue
    seen.add(address)
    ;(isEmail(address) ? parsed.valid : parsed.invalid).push(address)
  }
  return parsed
}

/** The form's message for the textarea, or undefined when it can be sent. */
export function emailsError(parsed: ParsedEmails): string | undefined {
  if (parsed.invalid.length > 0) {
    return `${parsed.invalid.length === 1 ? 'This is not an email address' : 'These are not email addresses'}: ${parsed.invalid.join(', ')}.`
  }
  if (parsed.valid.length === 0) return 'Enter at least one email address.'
  if (parsed.valid.length > MAX_EMAILS) return `Add at most ${MAX_EMAILS} email addresses at a time.`
  return undefined
}
