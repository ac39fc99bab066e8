// Passkeys through auth-js's passkey API with a software authenticator: registration, sign-in without an address,
// list, rename and delete, the admin list and delete, and challenges that are reused, expired or forged.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SoftAuthenticator } from '../testing/authenticator.ts'
import { claimsOf, signedInUser, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

type Client = Awaited<ReturnType<typeof signedInUser>>['client']

async function register(client: Client, authenticator: SoftAuthenticator) {
  const options = await client.auth.passkey.startRegistration()
  if (options.error) throw options.error
  expect(options.data.options.rp).toEqual({ name: 'Summit', id: 'localhost' })
  const credential = authenticator.register(options.data.options)
  return client.auth.passkey.verifyRegistration({
    challengeId: options.data.challenge_id,
    credential: credential.toJSON(),
  })
}

describe.skipIf(!testDbUrl())('passkeys', () => {
  let h: Harness
  let db: pg.Client
  beforeAll(async () => {
    h = await startHarness()
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
  })
  afterAll(async () => {
    await db.end()
    await h.stop()
  })

  it('registers a passkey and signs in with it, with the passkey amr method', async () => {
    const { client, user } = await signedInUser(h)
    const authenticator = new SoftAuthenticator()
    const registered = await register(client, authenticator)
    expect(registered.error).toBeNull()
    expect(registered.data).toMatchObject({ id: expect.any(String), friendly_name: 'Passkey' })

    const stranger = h.anon()
    const options = await stranger.auth.passkey.startAuthentication()
    if (options.error) throw options.error
    expect(options.data.options.rpId).toBe('localhost')
    const assertion = authenticator.authenticate(options.data.options)
    const { data, error } = await stranger.auth.passkey.verifyAuthentication({
      challengeId: options.data.challenge_id,
      credential: assertion.toJSON(),
    })
    expect(error).toBeNull()
    expect(data?.user?.id).toBe(user.id)
    expect(claimsOf(data!.session!.access_token)).toMatchObject({ sub: user.id, amr: [{ method: 'passkey' }] })
    expect((await client.auth.passkey.list()).data?.[0]?.last_used_at).toBeTruthy()
  })

  it('lists, renames and deletes passkeys, and lets admins do the same', async () => {
    const { client, user } = await signedInUser(h)
    const authenticator = new SoftAuthenticator()
    const first = await register(client, authenticator)
    await register(client, authenticator)
    const renamed = await client.auth.passkey.update({ passkeyId: first.data!.id, friendlyName: 'Laptop' })
    expect(renamed.data).toMatchObject({ id: first.data!.id, friendly_name: 'Laptop' })
    const tooLong = await client.auth.passkey.update({ passkeyId: first.data!.id, friendlyName: 'x'.repeat(121) })
    expect(tooLong.error).toMatchObject({ code: 'validation_failed', status: 400 })
    expect((await client.auth.passkey.list()).data).toHaveLength(2)
    expect((await client.auth.passkey.delete({ passkeyId: first.data!.id })).error).toBeNull()
    const admin = h.admin().auth.admin.passkey
    const listed = await admin.listPasskeys({ userId: user.id })
    expect(listed.data).toHaveLength(1)
    expect((await admin.deletePasskey({ userId: user.id, passkeyId: listed.data![0]!.id })).error).toBeNull()
    expect((await client.auth.passkey.list()).data).toEqual([])
  })

  it('refuses reused, expired and forged ceremonies', async () => {
    const { client } = await signedInUser(h)
    const authenticator = new SoftAuthenticator()
    await register(client, authenticator)
    const anon = h.anon()

    const options = await anon.auth.passkey.startAuthentication()
    const assertion = authenticator.authenticate(options.data!.options).toJSON()
    const params = { challengeId: options.data!.challenge_id, credential: assertion }
    expect((await anon.auth.passkey.verifyAuthentication(params)).error).toBeNull()
    expect((await anon.auth.passkey.verifyAuthentication(params)).error).toMatchObject({
      code: 'webauthn_challenge_not_found',
      status: 400,
    })

    const stale = await anon.auth.passkey.startAuthentication()
    await db.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 minute' where id = $1`, [
      stale.data!.challenge_id,
    ])
    const late = await anon.auth.passkey.verifyAuthentication({
      challengeId: stale.data!.challenge_id,
      credential: authenticator.authenticate(stale.data!.options).toJSON(),
    })
    expect(late.error).toMatchObject({ code: 'webauthn_challenge_expired' })

    const forgedOptions = await anon.auth.passkey.startAuthentication()
    authenticator.corruptNextSignature = true
    const forged = await anon.auth.passkey.verifyAuthentication({
      challengeId: forgedOptions.data!.challenge_id,
      credential: authenticator.authenticate(forgedOptions.data!.options).toJSON(),
    })
    expect(forged.error).toMatchObject({ code: 'webauthn_verification_failed', status: 400 })
  })

  it('validates the verify body', async () => {
    const response = await fetch(`${h.authUrl}/passkeys/authentication/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ challenge_id: 'not-a-uuid', credential: {} }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ code: 'validation_failed', message: 'challenge_id must be a valid UUID' })
  })
})
