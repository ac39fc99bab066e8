// Reading an invite token out of what a learner pastes: whole links from any host, relative paths, bare tokens; and
// nothing out of text that holds no token.
import { describe, expect, it } from 'vitest'
import { inviteTokenFrom } from './invite-link.schema'

const token = 'summit-demo-invite-design-systems-studio-01'

describe('inviteTokenFrom', () => {
  it.each([
    [`http://127.0.0.1:5173/invite/${token}`],
    [`https://summit.example/invite/${token}?from=mail#top`],
    [`/invite/${token}`],
    [`  ${token}\n`],
    [`Join here: https://summit.example/invite/${token}`],
  ])('finds the token in %j', (pasted) => {
    expect(inviteTokenFrom(pasted)).toBe(token)
  })

  it.each([
    [''],
    ['https://summit.example/courses/design-systems-studio'],
    [`https://summit.example/invite/${token.slice(0, 20)}`],
    ['https://summit.example/invite/%E0%A4%A'],
    ['not a link at all'],
  ])('finds none in %j', (pasted) => {
    expect(inviteTokenFrom(pasted)).toBeNull()
  })
})
