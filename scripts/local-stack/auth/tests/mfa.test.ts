// MFA through auth-js: TOTP enrolment (secret, otpauth URI, SVG QR code), challenge and verify to an aal2 session
// with the totp amr entry, one time step of tolerance, single-use codes, unenrolment, the factor limit, and WebAuthn
// factors with a software authenticator.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeAt, currentStep, period } from '../mfa/totp.ts'
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../testing/authenticator.ts'
import { claimsOf, signedInUser, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

type Client = Awaited<ReturnType<typeof signedInUser>>['client']

// auth-js types credential_response as the browser's PublicKeyCredential (DOM types, which scripts/ does not load);
// it only calls toJSON(), which the software authenticator's responses have.
const asBrowserCredential = (response: object) => response as never

/** Waits out the last seconds of a time step, so codes computed here keep their step at the server. */
async function awayFromStepBoundary(): Promise<void> {
  const intoStep = (Date.now() / 1000) % period
  if (intoStep > period - 6) await new Promise((resolve) => setTimeout(resolve, (period - intoStep + 0.2) * 1000))
}

async function enrollTotp(client: Client, name = 'Authenticator') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name })
  if (error || !data || data.type !== 'totp') throw error ?? new Error('no totp factor')
  return data
}

async function verifyWith(client: Client, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId })
  if (challenge.error) throw challenge.error
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
}

describe.skipIf(!testDbUrl())('TOTP factors', () => {
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

  it('enrols with a secret, an otpauth URI and an SVG QR code, and verifies to an aal2 session', async () => {
    const { client, email } = await signedInUser(h)
    const factor = await enrollTotp(client)
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:5173:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A5173&period=30&secret=${factor.totp.secret}`,
    )
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /)
    expect((await client.auth.mfa.listFactors()).data?.all[0]?.status).toBe('unverified')
    await awayFromStepBoundary()
    const { data, error } = await verifyWith(client, factor.id, codeAt(factor.totp.secret, currentStep()))
    expect(error).toBeNull()
    const claims = claimsOf(data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password'])
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect((await client.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factor.id])
  })

  it('accepts codes one time step old but not two, and a code again for a new challenge (GoTrue keeps no used codes)', async () => {
    const { client } = await signedInUser(h)
    const factor = await enrollTotp(client)
    await awayFromStepBoundary()
    const step = currentStep()
    const tooOld = await verifyWith(client, factor.id, codeAt(factor.totp.secret, step - 2))
    expect(tooOld.error).toMatchObject({
      code: 'mfa_verification_failed',
      status: 422,
      message: 'Invalid TOTP code entered',
    })
    expect((await verifyWith(client, factor.id, codeAt(factor.totp.secret, step - 1))).error).toBeNull()
    const again = await verifyWith(client, factor.id, codeAt(factor.totp.secret, step - 1))
    expect(again.error).toBeNull()
    expect((await verifyWith(client, factor.id, codeAt(factor.totp.secret, step))).error).toBeNull()
  })

  it('accepts one verification of a challenge when two with codes of different steps arrive at once', async () => {
    await awayFromStepBoundary()
    for (let trial = 0; trial < 4; trial++) {
      const { client } = await signedInUser(h)
      const factor = await enrollTotp(client)
      const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
      if (challenge.error) throw challenge.error
      const step = currentStep()
      const results = await Promise.all(
        [step - 1, step].map((s) =>
          client.auth.mfa.verify({
            factorId: factor.id,
            challengeId: challenge.data.id,
            code: codeAt(factor.totp.secret, s),
          }),
        ),
      )
      const refused = results.filter((result) => result.error)
      expect(refused).toHaveLength(1)
      expect(refused[0]?.error?.status).toBe(422)
    }
  })

  it('requires aal2 to unenrol a verified factor, to enrol another, and to change the password', async () => {
    const { client, email, password } = await signedInUser(h)
    const factor = await enrollTotp(client)
    await awayFromStepBoundary()
    await verifyWith(client, factor.id, codeAt(factor.totp.secret, currentStep()))
    const aal1 = h.anon()
    await aal1.auth.signInWithPassword({ email, password })
    expect((await aal1.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ code: 'insufficient_aal' })
    expect((await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error).toMatchObject({
      code: 'insufficient_aal',
      status: 403,
    })
    expect((await aal1.auth.updateUser({ password: 'another-secret-77' })).error).toMatchObject({
      code: 'insufficient_aal',
      status: 401,
    })
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
  })

  it("lets admins list and delete a user's factors", async () => {
    const { client, user } = await signedInUser(h)
    const factor = await enrollTotp(client)
    const admin = h.admin().auth.admin.mfa
    const listed = await admin.listFactors({ userId: user.id })
    expect(listed.data?.factors.map((f) => f.id)).toEqual([factor.id])
    expect((await admin.deleteFactor({ userId: user.id, id: factor.id })).error).toBeNull()
    expect((await admin.listFactors({ userId: user.id })).data?.factors).toEqual([])
    const missing = await admin.deleteFactor({ userId: user.id, id: factor.id })
    expect(missing.error).toMatchObject({ code: 'mfa_factor_not_found', status: 404 })
  })

  it('refuses expired and unknown challenges and duplicate names', async () => {
    const { client } = await signedInUser(h)
    const factor = await enrollTotp(client, 'dup')
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'dup' })).error).toMatchObject({
      code: 'mfa_factor_name_conflict',
    })
    const unknown = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: '123456',
    })
    expect(unknown.error).toMatchObject({ code: 'mfa_factor_not_found', status: 422 })
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    await db.query(`update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`, [
      challenge.data!.id,
    ])
    const expired = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: '123456',
    })
    expect(expired.error).toMatchObject({ code: 'mfa_challenge_expired' })
  })

  it('enforces max_enrolled_factors', async () => {
    const limited = await startHarness((config) => {
      config.auth.mfa.maxEnrolledFactors = 2
    })
    try {
      const { client } = await signedInUser(limited)
      await enrollTotp(client, 'one')
      await enrollTotp(client, 'two')
      const third = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'three' })
      expect(third.error).toMatchObject({ code: 'too_many_enrolled_mfa_factors', status: 422 })
    } finally {
      await limited.stop()
    }
  })
})

describe.skipIf(!testDbUrl())('WebAuthn factors', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('registers a credential, then verifies assertions to aal2 with the mfa/webauthn amr entry', async () => {
    const { client } = await signedInUser(h)
    const authenticator = new SoftAuthenticator()
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' })
    expect(enrolled.error).toBeNull()
    const factorId = enrolled.data!.id
    const rp = { rpId: 'localhost', rpOrigins: ['http://localhost:5173'] }
    const create = await client.auth.mfa.challenge({ factorId, webauthn: rp })
    if (create.error) throw create.error
    expect(create.data.webauthn.type).toBe('create')
    const registration = authenticator.register(
      create.data.webauthn.credential_options.publicKey as unknown as CreationOptions,
    )
    const registered = await client.auth.mfa.verify({
      factorId,
      challengeId: create.data.id,
      webauthn: {
        type: 'create',
        rpId: 'localhost',
        rpOrigins: ['http://localhost:5173'],
        credential_response: asBrowserCredential(registration),
      },
    })
    expect(registered.error).toBeNull()
    expect(claimsOf(registered.data!.access_token)).toMatchObject({ aal: 'aal2' })

    const request = await client.auth.mfa.challenge({ factorId, webauthn: rp })
    if (request.error) throw request.error
    expect(request.data.webauthn.type).toBe('request')
    authenticator.corruptNextSignature = true
    const forged = authenticator.authenticate(
      request.data.webauthn.credential_options.publicKey as unknown as RequestOptions,
    )
    const rejected = await client.auth.mfa.verify({
      factorId,
      challengeId: request.data.id,
      webauthn: {
        type: 'request',
        rpId: 'localhost',
        rpOrigins: ['http://localhost:5173'],
        credential_response: asBrowserCredential(forged),
      },
    })
    expect(rejected.error).toMatchObject({ code: 'mfa_verification_failed' })

    const again = await client.auth.mfa.challenge({ factorId, webauthn: rp })
    if (again.error) throw again.error
    const assertion = authenticator.authenticate(
      again.data.webauthn.credential_options.publicKey as unknown as RequestOptions,
    )
    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: again.data.id,
      webauthn: {
        type: 'request',
        rpId: 'localhost',
        rpOrigins: ['http://localhost:5173'],
        credential_response: asBrowserCredential(assertion),
      },
    })
    expect(verified.error).toBeNull()
    const amr = claimsOf(verified.data!.access_token).amr as { method: string }[]
    expect(amr.map((a) => a.method)).toContain('mfa/webauthn')
  })
})

describe.skipIf(!testDbUrl())('WebAuthn factor challenges', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('lets only one of two "create" challenges register a credential, even verified at the same time', async () => {
    const { client } = await signedInUser(h)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' })
    if (enrolled.error) throw enrolled.error
    const factorId = enrolled.data.id
    const rp = { rpId: 'localhost', rpOrigins: ['http://localhost:5173'] }
    const challenges = await Promise.all([1, 2].map(() => client.auth.mfa.challenge({ factorId, webauthn: rp })))
    const authenticators = [new SoftAuthenticator(), new SoftAuthenticator()]
    const results = await Promise.all(
      challenges.map((challenge, i) => {
        if (challenge.error) throw challenge.error
        expect(challenge.data.webauthn.type).toBe('create')
        const registration = authenticators[i]!.register(
          challenge.data.webauthn.credential_options.publicKey as unknown as CreationOptions,
        )
        return client.auth.mfa.verify({
          factorId,
          challengeId: challenge.data.id,
          webauthn: { type: 'create', ...rp, credential_response: asBrowserCredential(registration) },
        })
      }),
    )
    const refused = results.filter((result) => result.error)
    expect(refused).toHaveLength(1)
    expect(refused[0]?.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 })
    const winner = authenticators[results.findIndex((result) => !result.error)]!
    const loser = authenticators[results.findIndex((result) => result.error)]!

    // The factor kept the winner's credential: its assertion verifies, the loser's does not.
    for (const [authenticator, accepted] of [
      [loser, false],
      [winner, true],
    ] as const) {
      const request = await client.auth.mfa.challenge({ factorId, webauthn: rp })
      if (request.error) throw request.error
      expect(request.data.webauthn.type).toBe('request')
      const options = request.data.webauthn.credential_options.publicKey as unknown as RequestOptions
      let assertion: object
      try {
        assertion = authenticator.authenticate(options)
      } catch {
        expect(accepted).toBe(false)
        continue
      }
      const verified = await client.auth.mfa.verify({
        factorId,
        challengeId: request.data.id,
        webauthn: { type: 'request', ...rp, credential_response: asBrowserCredential(assertion) },
      })
      expect(verified.error === null).toBe(accepted)
    }
  })
})
