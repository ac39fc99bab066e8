// Shared helpers for e2e journeys: `import { createConfirmedUser, signIn, latestEmail, extractLink } from './support'`.
export { expectNoSeriousViolations } from './a11y'
export { signIn, signInThroughForm } from './auth'
export { extractLink, latestEmail, type InboxEmail } from './inbox'
export { apiUrl, inboxUrl, publishableKey, secretKey } from './stack'
export { createConfirmedUser, uniqueEmail, type TestUser } from './users'
export { decodeBase32, totpCode } from './totp'
