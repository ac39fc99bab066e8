// Summit's Auth emails through the Auth service, as `supabase start` sends them with this config.toml: an invite
// carrying a course, a school and an instructor in its metadata arrives from Summit's sender naming all three, and
// its link signs the invitee in with that metadata; a sign-up's confirmation and a password reset arrive branded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { type Harness, startHarness, testDbUrl, uniqueEmail, verifyLinkIn } from '../testing/harness.ts'

describe.skipIf(!testDbUrl())("Summit's Auth emails, sent", () => {
  let h: Harness
  const made: string[] = []
  beforeAll(async () => {
    h = await startHarness((config) => {
      config.auth.email.templates = loadConfig().auth.email.templates
    })
  })
  afterAll(async () => {
    for (const id of made) await h.admin().auth.admin.deleteUser(id)
    await h.stop()
  })

  it('an invite names the course, the school and the instructor, from Summit, and its link signs them in', async () => {
    const email = uniqueEmail('branded-invite')
    const data = { course_title: 'Rock & Roll', school_name: "Ada's School", inviter_name: 'Ian Instructor' }
    const invited = await h.admin().auth.admin.inviteUserByEmail(email, { data })
    expect(invited.error).toBeNull()
    made.push(invited.data.user!.id)
    const mail = await h.email(email, 'invite')
    expect(mail.Subject).toBe('Your invitation to Summit')
    expect(mail.From).toEqual({ Name: 'Summit', Address: 'no-reply@summit.example' })
    expect(mail.HTML).toContain('Ian Instructor invited you to Rock &amp; Roll</h1>')
    expect(mail.Text).toContain("Ian Instructor at Ada's School invited you to learn in Rock & Roll on Summit.")
    const response = await fetch(verifyLinkIn(mail), { redirect: 'manual' })
    const fragment = new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1))
    const user = await h.anon().auth.getUser(fragment.get('access_token')!)
    expect(user.data.user?.user_metadata).toMatchObject(data)
  })

  it('a sign-up confirmation and a password reset arrive branded', async () => {
    const email = uniqueEmail('branded-signup')
    const signed = await h.anon().auth.signUp({ email, password: 'summit-secret-1' })
    expect(signed.error).toBeNull()
    made.push(signed.data.user!.id)
    const confirm = await h.email(email, 'confirmation')
    expect(confirm.Subject).toBe('Confirm your email for Summit')
    expect(confirm.Text).toContain('You get this email because someone signed up for Summit with')
    await fetch(verifyLinkIn(confirm), { redirect: 'manual' })
    expect((await h.anon().auth.resetPasswordForEmail(email)).error).toBeNull()
    const reset = await h.email(email, 'recovery')
    expect(reset.Subject).toBe('Reset your Summit password')
    expect(reset.HTML).toContain('Choose a new password</a>')
  })
})
