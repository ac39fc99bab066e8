// A load (a chunk, a client built from one) shared by every caller: the first call starts it, later ones get the same
// promise. A failure is not kept (the network dropped): the next call loads again.

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
