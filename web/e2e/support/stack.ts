// Addresses and keys of the stack the journeys run against: the local stack (`npm test`, `npm start`) or
// `supabase start` (the GitHub job), from SUMMIT_TEST_* variables. The defaults are both stacks' ports and the public
// local keys every `supabase start` prints; the web app under test must be built for the same API.
export const apiUrl = process.env.SUMMIT_TEST_API_URL || 'http://127.0.0.1:54321'
export const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
export const publishableKey =
  process.env.SUMMIT_TEST_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const secretKey = process.env.SUMMIT_TEST_SECRET_KEY || 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'
