import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadActor } from '../auth/load-actor.ts'
import { insertUser } from '../users/insert-user.ts'
import { getPreferences, updatePreferences } from './preferences.ts'
import { setSidebarSectionCollapsed } from './set-sidebar-section.ts'

let handle: DatabaseHandle
let ctx: ServiceContext
let other: ServiceContext

beforeAll(async () => {
  handle = await createTestDatabase()
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const request = { ipAddress: '', userAgent: '' }
  const make = async (username: string) => {
    const id = await insertUser(handle.db, {
      username,
      email: `${username}@example.test`,
      password: 'a-long-password-1',
      role: 'traveler',
    })
    return serviceContext(app, await loadActor(handle.db, id), request)
  }
  ctx = await make('nadia')
  other = await make('oscar')
})

afterAll(async () => {
  await handle?.close()
})

describe('setSidebarSectionCollapsed', () => {
  it('adds and removes one section, keeping the rest of the preferences', async () => {
    await updatePreferences(ctx, { theme: 'dark' })
    expect(await setSidebarSectionCollapsed(ctx, { section: 'Overview', collapsed: true })).toEqual(['Overview'])
    expect(await setSidebarSectionCollapsed(ctx, { section: 'Hotels', collapsed: true })).toEqual(['Overview', 'Hotels'])
    expect(await setSidebarSectionCollapsed(ctx, { section: 'Hotels', collapsed: true })).toEqual(['Overview', 'Hotels'])
    expect(await setSidebarSectionCollapsed(ctx, { section: 'Overview', collapsed: false })).toEqual(['Hotels'])
    const prefs = await getPreferences(ctx)
    expect(prefs.collapsed_sections).toEqual(['Hotels'])
    expect(prefs.theme).toBe('dark')
    expect(prefs.items_per_page).toBe(20)
  })

  it('loses no change when sections are toggled at the same time', async () => {
    await Promise.all(
      (['Communication', 'Activities', 'Analytics & Reports', 'Administration'] as const).map((section) =>
        setSidebarSectionCollapsed(other, { section, collapsed: true })
      )
    )
    expect([...(await getPreferences(other)).collapsed_sections].sort()).toEqual([
      'Activities',
      'Administration',
      'Analytics & Reports',
      'Communication',
    ])
  })

  it('touches only the acting user', async () => {
    expect((await getPreferences(other)).collapsed_sections).not.toContain('Hotels')
  })

  it('refuses an unknown section and an anonymous caller', async () => {
    await expect(setSidebarSectionCollapsed(ctx, { section: 'Nope', collapsed: true })).rejects.toMatchObject({ code: 'invalid' })
    await expect(
      setSidebarSectionCollapsed({ ...ctx, actor: null }, { section: 'Hotels', collapsed: true })
    ).rejects.toBeInstanceOf(DomainError)
  })
})
