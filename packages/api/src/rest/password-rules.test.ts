import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, mailOutbox } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

// One password rule wherever a password is chosen: registration, reset and change refuse the common ones
// exactly as user management does.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const TOO_COMMON = ['This password is too common.']
const NUMERIC = ['This password is entirely numeric.']

describe('the password rule', () => {
  it('refuses a common or all-digit password at registration and creates no account', async () => {
    const common = await server.request('/users/api/auth/register/', {
      body: { username: 'common-pick', email: 'common.pick@example.com', password: 'Password123', confirm_password: 'Password123' },
    })
    expect(common.status).toBe(400)
    expect(common.body).toEqual({ password: TOO_COMMON })
    const numeric = await server.request('/users/api/auth/register/', {
      body: { username: 'common-pick', email: 'common.pick@example.com', password: '4815162342' },
    })
    expect(numeric.body).toEqual({ password: NUMERIC })
    const signIn = await server.request('/users/api/auth/login/', { body: { username: 'common-pick', password: 'Password123' } })
    expect(signIn.status).toBe(401)
  })

  it('refuses a common password on change and keeps the old one', async () => {
    const { access } = await server.login('specialist')
    const res = await server.request('/users/api/auth/change-password/', {
      token: access,
      body: { old_password: 'meridian-demo', new_password: 'qwerty123', confirm_password: 'qwerty123' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ new_password: TOO_COMMON })
    await server.login('specialist', 'meridian-demo')
  })

  it('refuses a common password on reset and leaves the link usable', async () => {
    await server.request('/users/api/auth/password-reset/', { body: { email: 'editor@meridian.example' } })
    const [mail] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'editor@meridian.example'))
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!
    const refused = await server.request('/users/api/auth/password-reset/confirm/', { body: { token, new_password: 'iloveyou1' } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ new_password: TOO_COMMON })
    await server.login('editor', 'meridian-demo')
    const accepted = await server.request('/users/api/auth/password-reset/confirm/', { body: { token, new_password: 'editor-chosen-phrase' } })
    expect(accepted.status).toBe(200)
    await server.login('editor', 'editor-chosen-phrase')
  })
})

describe('a password change and the tokens issued just before it', () => {
  it('ends an access token issued in the same second as the change', async () => {
    // No pause: the token and the change fall in the same second (or the next); either way it must not survive.
    const { access } = await server.login('expert')
    const change = await server.request('/users/api/auth/change-password/', {
      token: access,
      body: { old_password: 'meridian-demo', new_password: 'expert-fresh-phrase', confirm_password: 'expert-fresh-phrase' },
    })
    expect(change.status).toBe(200)
    const after = await server.request('/users/api/auth/profile/', { token: access })
    expect(after.status).toBe(401)
    expect(after.body).toMatchObject({ detail: 'Given token not valid for any token type' })

    const fresh = await server.login('expert', 'expert-fresh-phrase')
    expect((await server.request('/users/api/auth/profile/', { token: fresh.access })).status).toBe(200)
  })
})
