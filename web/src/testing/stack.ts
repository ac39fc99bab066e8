// Where the web app's integration tests find the stack: the local stack (`npm test`) or `supabase start` (the GitHub
// job), from SUMMIT_TEST_* variables. Without SUMMIT_TEST_API_URL no stack is running and those tests skip. The key
// defaults are the public local keys both stacks print.
export const apiUrl = process.env.SUMMIT_TEST_API_URL || undefined
export const publishableKey =
  process.env.SUMMIT_TEST_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const secretKey = process.env.SUMMIT_TEST_SECRET_KEY || 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'
