// The first bytes of a chosen file as text, for checking a format's signature (WebVTT's "WEBVTT") before upload.
// FileReader rather than Blob.text(): it is the one every browser, and the test DOM, provides.
export function readTextStart(file: Blob, bytes = 64): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsText(file.slice(0, bytes))
  })
}
