// Unit tests of reading the feed token from the two URL forms, and of refusing anything that cannot be a token.
import assert from 'node:assert/strict'
import { feedToken } from './token.ts'

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde'

Deno.test('the token comes from ?token= on the function URL', () => {
  assert.equal(feedToken(new URL(`http://local/calendar-feed?token=${token}`)), token)
  assert.equal(feedToken(new URL(`http://local/functions/v1/calendar-feed?token=${token}`)), token)
})

Deno.test('the token comes from the path when it ends in .ics', () => {
  assert.equal(feedToken(new URL(`http://local/calendar-feed/${token}.ics`)), token)
  assert.equal(feedToken(new URL(`http://local/functions/v1/calendar-feed/${token}.ics`)), token)
})

Deno.test('no token, a malformed one or an unexpected path name none', () => {
  for (
    const url of [
      'http://local/calendar-feed',
      'http://local/calendar-feed?token=',
      'http://local/calendar-feed?token=short',
      `http://local/calendar-feed?token=${token}x`,
      `http://local/calendar-feed?token=${token.slice(0, 42)}+`,
      `http://local/calendar-feed/${token}`,
      `http://local/calendar-feed/${token}.ics/more`,
      `http://local/calendar-feed/nope.ics?token=${token}`,
      'http://local/calendar-feed/.ics',
    ]
  ) {
    assert.equal(feedToken(new URL(url)), undefined, url)
  }
})
