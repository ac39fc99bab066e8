// Unit tests of markdown in emails: what people wrote is escaped before anything becomes markup, the small set of
// markdown renders, and only http(s) and mailto links become links.
import assert from 'node:assert/strict'
import { markdownToHtml } from './markdown.ts'

Deno.test('raw HTML stays visible text: no tag, attribute or script gets through', () => {
  const html = markdownToHtml('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> & <b>bold</b>')
  assert.ok(!/<script|<img|<b>/.test(html))
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'))
  assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;'))
})

Deno.test('paragraphs, line breaks, headings, lists, quotes and code', () => {
  const html = markdownToHtml(
    '# Week 2\n\nRead **both** lessons, *then* the `quiz`.\nSee you!\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```\n<div>\n```',
  )
  assert.ok(html.includes('<strong>Week 2</strong>'))
  assert.ok(html.includes('Read <strong>both</strong> lessons, <em>then</em> the <code'))
  assert.ok(html.includes('>quiz</code>.<br>\nSee you!</p>'))
  assert.ok(html.includes('<li>one</li><li>two</li></ul>'))
  assert.ok(html.includes('<li>first</li><li>second</li></ol>'))
  assert.ok(html.includes('>quoted</blockquote>'))
  assert.ok(html.includes('<pre style="') && html.includes('<code>&lt;div&gt;</code></pre>'))
})

Deno.test('links: http(s) and mailto only, the address escaped and untouched by emphasis', () => {
  const html = markdownToHtml(
    '[the lesson](https://summit.example/a_b_c?x=1&y=2) [bad](javascript:alert(1)) [mail](mailto:a@example.com)',
  )
  assert.ok(html.includes('<a href="https://summit.example/a_b_c?x=1&amp;y=2" style="color:#0f766e">the lesson</a>'))
  assert.ok(html.includes('[bad](javascript:alert(1))'))
  assert.ok(!html.includes('href="javascript'))
  assert.ok(html.includes('<a href="mailto:a@example.com"'))
})

Deno.test('a link text cannot break out of the anchor', () => {
  const html = markdownToHtml('[x" onmouseover="alert(1)](https://summit.example/)')
  assert.ok(html.includes('>x&quot; onmouseover=&quot;alert(1)</a>'))
  assert.ok(!html.includes('" onmouseover="'))
})

Deno.test('code spans keep markdown literal', () => {
  assert.ok(markdownToHtml('`**not bold**`').includes('>**not bold**</code>'))
})
