// A position in a query-string value, with the helpers PostgREST's Parsec grammars need, and parse errors shaped
// like Parsec's: `"failed to parse <what> (<input>)" (line 1, column N)` plus `unexpected ... expecting ...`.

export class ParseFailure extends Error {
  constructor(
    readonly column: number,
    readonly details: string,
  ) {
    super(details)
  }
}

const identChar = /[\p{L}0-9_ $]/u

export class Cursor {
  pos = 0
  /** How many nested groups the parse is inside (see `nested`). */
  private depth = 0
  constructor(readonly input: string) {}

  /**
   * Runs `parse` one nesting level deeper. The grammars recurse once per level, so past `limit` levels the parse
   * fails here, at the group that goes too deep, instead of overflowing the stack.
   */
  nested<T>(limit: number, message: string, parse: () => T): T {
    if (this.depth >= limit) this.failWith(message)
    this.depth++
    try {
      return parse()
    } finally {
      this.depth--
    }
  }

  get rest(): string {
    return this.input.slice(this.pos)
  }

  eof(): boolean {
    return this.pos >= this.input.length
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? ''
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos)
  }

  /** Consumes `text` if it comes next. */
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false
    this.pos += text.length
    return true
  }

  expect(text: string, expecting: string[] = [JSON.stringify(text)]): void {
    if (!this.eat(text)) this.fail(expecting)
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }

  isIdentChar(offset = 0): boolean {
    const code = this.input.charCodeAt(this.pos + offset)
    if (code !== code) return false // past the end: NaN
    // ASCII answers without the Unicode class: a-z, A-Z, 0-9, '_', ' ', '$'.
    if (code < 128)
      return (
        (code >= 97 && code <= 122) ||
        (code >= 65 && code <= 90) ||
        (code >= 48 && code <= 57) ||
        code === 95 ||
        code === 32 ||
        code === 36
      )
    return identChar.test(this.input.charAt(this.pos + offset))
  }

  /** `[letters digits _ space $]+`, trimmed (PostgREST's pIdentifier). */
  identifier(expecting = ['letter or digit']): string {
    const start = this.pos
    while (this.isIdentChar()) this.pos++
    if (this.pos === start) this.fail(expecting)
    return this.input.slice(start, this.pos).trim()
  }

  /** A double-quoted value with backslash escapes; the quotes are not part of the result. */
  quoted(): string {
    this.expect('"')
    let out = ''
    for (;;) {
      const ch = this.peek()
      if (ch === '') this.fail(['"\\""'])
      this.pos++
      if (ch === '"') return out
      if (ch === '\\') {
        const next = this.peek()
        if (next === '') this.fail(['any character'])
        out += next
        this.pos++
      } else {
        out += ch
      }
    }
  }

  fail(expecting: string[]): never {
    const unexpected = this.eof() ? 'end of input' : JSON.stringify(this.peek())
    const list =
      expecting.length > 1 ? `${expecting.slice(0, -1).join(', ')} or ${expecting[expecting.length - 1]}` : expecting[0]
    throw new ParseFailure(this.pos + 1, `unexpected ${unexpected}${list ? ` expecting ${list}` : ''}`)
  }

  failWith(message: string): never {
    throw new ParseFailure(this.pos + 1, message)
  }
}
