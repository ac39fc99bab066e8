// Signed Storage URLs as functions answer them: without the origin the function reached the API at. A function's
// SUPABASE_URL under `supabase start` is the gateway's name inside Docker (http://kong:8000), which no browser can
// open (supabase/cli#1265); the caller knows the project's public URL and resolves the path against it.

/** `https://host/storage/v1/object/sign/b/p?token=…` → `/storage/v1/object/sign/b/p?token=…` */
export function projectRelative(signedUrl: string): string {
  const url = new URL(signedUrl)
  return `${url.pathname}${url.search}`
}
