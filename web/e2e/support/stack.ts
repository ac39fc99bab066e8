// Addresses and keys of the local stack the e2e journeys run against (`npm start`). The keys are
// the public local ones every `supabase start` prints; override with E2E_* variables if needed.
export const apiUrl = process.env.E2E_API_URL ?? 'http://127.0.0.1:54321'
export const inboxUrl = process.env.E2E_INBOX_URL ?? 'http://127.0.0.1:54324'
export const publishableKey = process.env.E2E_PUBLISHABLE_KEY ?? 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const secretKey = process.env.E2E_SECRET_KEY ?? 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'
