// The one-time secrets an instructor hands out: the full invite link for a token, and an access code grouped in
// fours for reading aloud or putting on a slide (learners may type it with or without the hyphen).
export function inviteUrl(origin: string, token: string): string {
  return `${origin}/invite/${token}`
}

/** "ABCDEFGH" → "ABCD-EFGH". */
export function formatAccessCode(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toUpperCase()
  return plain.match(/.{1,4}/g)?.join('-') ?? plain
}

/** "ABCD-EFGH" spelled for a screen reader or a phone call: "A B C D, E F G H". */
export function spellAccessCode(code: string): string {
  return formatAccessCode(code)
    .split('-')
    .map((group) => group.split('').join(' '))
    .join(', ')
}

/** Copies with the Clipboard API; false when the browser refuses (no permission, not a secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
