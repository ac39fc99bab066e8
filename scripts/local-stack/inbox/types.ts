// What the Auth service hands to the inbox: one email, already rendered, tagged with the kind of message it is.

/** GoTrue's email kinds (its template names). */
export type EmailType = 'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication'

export interface OutgoingEmail {
  type: EmailType
  to: string
  subject: string
  html: string
  /** Plain-text alternative of `html`. */
  text: string
  /** Defaults to the admin address `supabase start` sends from. */
  from?: { name: string; address: string }
}
