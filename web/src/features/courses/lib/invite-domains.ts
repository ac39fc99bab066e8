// How the invite screens name an invite's allowed email domains in a sentence.

/** "a.com", "a.com or b.com", "a.com, b.com or c.com". */
export function listDomains(domains: string[]): string {
  if (domains.length <= 1) return domains.join('')
  return `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}`
}
