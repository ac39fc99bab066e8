// Drafts of what someone types into a form (a note, a question, an answer), kept in localStorage under a key of the
// form's choosing, so a failed send, a dropped connection or a reload loses nothing. Storage that is full or blocked
// (private mode) only means the draft is not kept: typing never fails because of it.
const prefix = 'summit:draft:'

export function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(prefix + key) ?? ''
  } catch {
    return ''
  }
}

/** Keeps the text; an empty (or blank) text removes the draft instead. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim() === '') window.localStorage.removeItem(prefix + key)
    else window.localStorage.setItem(prefix + key, text)
  } catch {
    // Not kept on this device; the form still holds the text.
  }
}

export function clearDraft(key: string): void {
  writeDraft(key, '')
}
