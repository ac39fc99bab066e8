// "Continue at mm:ss" is offered for a new position from elsewhere that is more than 5 s from here.
import { describe, expect, it } from 'vitest'
import { shouldOfferContinue } from './continue-offer'

describe('shouldOfferContinue', () => {
  it('offers a new remote position more than 5 s away', () => {
    expect(shouldOfferContinue({ remotePosition: 120, localPosition: 30, lastKnownPosition: 25 })).toBe(true)
    expect(shouldOfferContinue({ remotePosition: 10, localPosition: 30, lastKnownPosition: null })).toBe(true)
  })

  it('ignores positions within 5 s of the player', () => {
    expect(shouldOfferContinue({ remotePosition: 35, localPosition: 30, lastKnownPosition: 25 })).toBe(false)
    expect(shouldOfferContinue({ remotePosition: 25, localPosition: 30, lastKnownPosition: null })).toBe(false)
  })

  it('ignores echoes of the position the server already had', () => {
    expect(shouldOfferContinue({ remotePosition: 25, localPosition: 90, lastKnownPosition: 25 })).toBe(false)
  })
})
