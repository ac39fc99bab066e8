// The html/template subset of GoTrue's emails: conditionals with Go's truth, else-if chains, with and range, trim
// markers and comments, html/template's escaping in text and in URL attributes, missing keys printing nothing, and
// the templates Go would refuse to parse refused here too.
import { describe, expect, it } from 'vitest'
import { executeTemplate, TemplateError, truth } from './go-template.ts'

const data = {
  Email: 'ada@example.com',
  SiteURL: 'http://127.0.0.1:5173',
  RedirectTo: 'http://127.0.0.1:5173/auth/callback?redirect=/x',
  TokenHash: 'pkce_abc+/=',
  Data: { course_title: 'Rock & "Roll"', school_name: "Ada's <School>", empty: '', zero: 0, list: ['a', 'b'] },
}
const run = (template: string) => executeTemplate(template, data)

describe('Go html/template subset', () => {
  it('prints values escaped as html/template escapes text, and a missing key as nothing', () => {
    expect(run('<p>{{ .Data.course_title }} at {{ .Data.school_name }}</p>')).toBe(
      '<p>Rock &amp; &#34;Roll&#34; at Ada&#39;s &lt;School&gt;</p>',
    )
    expect(run('[{{ .Data.missing }}][{{ .NewEmail }}][{{.Data.zero}}]')).toBe('[][][0]')
    expect(run('{{ $.Email }} {{ .Data.list }}')).toBe('ada@example.com [&#34;a&#34;,&#34;b&#34;]')
  })

  it('takes Go truth in if, else if and else', () => {
    const template =
      '{{ if .Data.empty }}empty{{ else if .Data.zero }}zero{{ else if .Data.course_title }}course{{ else }}none{{ end }}'
    expect(run(template)).toBe('course')
    expect(run('{{ if .Data.missing }}yes{{ else }}no{{ end }}')).toBe('no')
    expect(run('{{ if not .Data.missing }}yes{{ end }}')).toBe('yes')
    expect(run('{{ if and .Email .Data.empty }}a{{ else }}b{{ end }}{{ if or .Data.empty .Email }}c{{ end }}')).toBe(
      'bc',
    )
    expect(run('{{ if eq .Data.missing "owner" }}owner{{ else }}other{{ end }}')).toBe('other')
    expect([truth([]), truth({}), truth('0'), truth(false), truth(null)]).toEqual([false, false, true, false, false])
  })

  it('runs with (dot set) and range (dot each element)', () => {
    expect(run('{{ with .Data.school_name }}[{{ . }}]{{ else }}none{{ end }}')).toBe('[Ada&#39;s &lt;School&gt;]')
    expect(run('{{ range .Data.list }}<{{ . }}>{{ end }}')).toBe('<a><b>')
    expect(run('{{ range .Data.missing }}x{{ else }}nothing{{ end }}')).toBe('nothing')
  })

  it('trims white space beside {{- and -}}, and prints no comment, even one holding {{ }}', () => {
    expect(run('a  {{- /* a {{ .Data }} comment */ -}}  \n b\n{{- if .Email }}\n c {{- end }}')).toBe('ab\n c')
  })

  it('writes URL attributes as html/template does', () => {
    expect(run('<a href="{{ .RedirectTo }}">')).toBe('<a href="http://127.0.0.1:5173/auth/callback?redirect=/x">')
    const query = run(
      '<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=invite&next={{ .RedirectTo }}">',
    )
    expect(query).toBe(
      '<a href="http://127.0.0.1:5173/auth/confirm?token_hash=pkce_abc%2b%2f%3d&type=invite&next=http%3a%2f%2f127.0.0.1%3a5173%2fauth%2fcallback%3fredirect%3d%2fx">',
    )
    expect(executeTemplate('<a href="{{ .U }}">', { U: 'javascript:alert(1)' })).toBe('<a href="#ZgotmplZ">')
    expect(executeTemplate('<a href="{{ .U }}">', { U: 'https://x.test/a b?c=1&d=é' })).toBe(
      '<a href="https://x.test/a%20b?c=1&amp;d=%c3%a9">',
    )
  })

  it('refuses what Go cannot parse', () => {
    expect(() => run('{{ if .Email }}no end')).toThrow(TemplateError)
    expect(() => run('{{ end }}')).toThrow(TemplateError)
    expect(() => run('{{ shout .Email }}')).toThrow(/function "shout" not defined/)
    expect(() => run('{{ .Email')).toThrow(/unclosed action/)
    expect(() => run('{{ $x := .Email }}')).toThrow(TemplateError)
  })
})
