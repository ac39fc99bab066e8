// Whether a position saved on another device should be offered here as "Continue at mm:ss": only a position the
// server did not already have (our own saves and a device merely opening the lesson echo back unchanged), and only
// when it is more than 5 s away from where this player is.

export const CONTINUE_OFFER_MIN_GAP_S = 5

export function shouldOfferContinue(input: {
  remotePosition: number
  localPosition: number
  /** The last position this player knows the server holds (its own last save, or the last remote one). */
  lastKnownPosition: number | null
}): boolean {
  if (input.lastKnownPosition !== null && input.remotePosition === input.lastKnownPosition) return false
  return Math.abs(input.remotePosition - input.localPosition) > CONTINUE_OFFER_MIN_GAP_S
}
