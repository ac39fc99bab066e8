// The one-line description of a school for its page's meta and open-graph tags: the first paragraph of its about
// text as plain words (markdown marks dropped), cut at about 160 characters, or a sentence naming the school.
const limit = 160

export function schoolSummary(aboutMd: string, name: string): string {
  const paragraph = aboutMd
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !block.startsWith('#'))
  if (!paragraph) return `Courses by ${name} on Summit.`
  const text = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= limit) return text
  const cut = text.slice(0, limit - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`
}
