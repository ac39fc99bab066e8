// A library a service needs only for some requests (passkeys, image transforms, parsing mail) is loaded by the first
// request that needs it rather than when the stack starts: each of these takes a tenth to a quarter of a second to
// load, and every `npm start` and every test stack paid for all of them. The load is shared by the requests that
// arrive while it runs; one that fails is tried again by the next request.
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
