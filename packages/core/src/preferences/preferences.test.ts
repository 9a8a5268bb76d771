import { DEFAULT_PREFERENCES } from '@meridian/validators'
import { type DatabaseHandle, eq, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadActor } from '../auth/load-actor.ts'
import { insertUser } from '../users/insert-user.ts'
import { getPreferences, updatePreferences } from './preferences.ts'

let handle: DatabaseHandle
let ctx: ServiceContext
let other: ServiceContext

beforeAll(async () => {
  handle = await createTestDatabase()
  const app = createAppServices(
    handle,
    loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' })
  )
  const make = async (username: string) => {
    const id = await insertUser(handle.db, {
      username,
      email: `${username}@example.test`,
      password: 'a-long-password-1',
      role: 'expert',
    })
    return serviceContext(app, await loadActor(handle.db, id), { ipAddress: '', userAgent: '' })
  }
  ctx = await make('pia')
  other = await make('quentin')
})

afterAll(async () => {
  await handle?.close()
})

async function fieldsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(DomainError)
  expect((error as DomainError).code).toBe('invalid')
  return (error as DomainError).fields
}

describe('preferences', () => {
  it('refuses an anonymous caller', async () => {
    const anonymous = { ...ctx, actor: null }
    await expect(getPreferences(anonymous)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(updatePreferences(anonymous, { theme: 'dark' })).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('starts from the defaults of 3-back-office.md §9', async () => {
    expect(await getPreferences(ctx)).toEqual({
      collapsed_sections: [],
      theme: 'auto',
      items_per_page: 20,
      auto_refresh: true,
      refresh_interval: 30,
      notifications: true,
      view_mode: 'list',
    })
  })

  it('hands out copies: changing a result does not change the defaults', async () => {
    const prefs = await getPreferences(ctx)
    prefs.collapsed_sections.push('Hotels')
    expect(DEFAULT_PREFERENCES.collapsed_sections).toEqual([])
    expect((await getPreferences(ctx)).collapsed_sections).toEqual([])
  })

  it('merges changes, keeps the rest, and touches only the caller', async () => {
    const saved = await updatePreferences(ctx, { theme: 'dark', items_per_page: 50, auto_refresh: false })
    expect(saved).toMatchObject({
      theme: 'dark',
      items_per_page: 50,
      auto_refresh: false,
      refresh_interval: 30,
      view_mode: 'list',
    })
    expect(await updatePreferences(ctx, { view_mode: 'grid', refresh_interval: 120 })).toMatchObject({
      theme: 'dark',
      items_per_page: 50,
      view_mode: 'grid',
      refresh_interval: 120,
    })
    expect(await getPreferences(ctx)).toMatchObject({
      theme: 'dark',
      view_mode: 'grid',
      refresh_interval: 120,
      auto_refresh: false,
    })
    expect(await getPreferences(other)).toMatchObject({ theme: 'auto', view_mode: 'list' })
  })

  it('accepts the numbers a form posts as text', async () => {
    expect(await updatePreferences(ctx, { items_per_page: '100', refresh_interval: '60' })).toMatchObject({
      items_per_page: 100,
      refresh_interval: 60,
    })
  })

  it('names the field of every invalid value and stores nothing', async () => {
    const before = await getPreferences(ctx)
    expect(
      await fieldsOf(
        updatePreferences(ctx, {
          theme: 'blue',
          items_per_page: 25,
          refresh_interval: 5,
          view_mode: 'table',
          collapsed_sections: ['Nope'],
        })
      )
    ).toEqual({
      theme: ['Choose auto, light or dark.'],
      items_per_page: ['Choose 10, 20, 50 or 100.'],
      refresh_interval: ['Enter a whole number of seconds from 10 to 3600.'],
      view_mode: expect.any(Array),
      'collapsed_sections.0': ['Unknown section.'],
    })
    expect(await fieldsOf(updatePreferences(ctx, { refresh_interval: 'soon' }))).toEqual({
      refresh_interval: ['Enter a whole number of seconds from 10 to 3600.'],
    })
    expect(await fieldsOf(updatePreferences(ctx, { refresh_interval: 3601 }))).toHaveProperty('refresh_interval')
    expect(await getPreferences(ctx)).toEqual(before)
  })

  it('keeps every one of several saves made at the same moment', async () => {
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the saves run at once and only the
    // merge inside one UPDATE keeps each from overwriting the others (a read-then-write loses some there: checked so).
    // On PGlite (one connection) they run one after another, and the same assertion checks that serial outcome.
    const saves = {
      collapsed_sections: ['Overview'],
      theme: 'dark',
      items_per_page: 50,
      auto_refresh: false,
      refresh_interval: 120,
      notifications: false,
      view_mode: 'grid',
    }
    await Promise.all(Object.entries(saves).map(([key, value]) => updatePreferences(other, { [key]: value })))
    expect(await getPreferences(other)).toEqual(saves)
  })

  it('falls back to the default for a stored value that is no longer valid, and drops unknown keys', async () => {
    await handle.db
      .update(users)
      .set({
        preferences: {
          theme: 'sepia',
          items_per_page: 20,
          refresh_interval: 1,
          legacy_flag: true,
          notifications: false,
        },
      })
      .where(eq(users.id, other.actor!.id))
    const prefs = await getPreferences(other)
    expect(prefs).toEqual({ ...DEFAULT_PREFERENCES, notifications: false })
    expect(prefs).not.toHaveProperty('legacy_flag')
  })
})
