import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, rolePermissions, roles } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import type { DatabaseHandle } from '@meridian/db'
import {
  dashboardPathForRole,
  hasAnyPermission,
  hasPermission,
  normalizeRole,
  PERMISSIONS,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  type RoleName,
} from './permissions.ts'

/** Spec 1 §6, written out by hand so the code and the migration are both checked against it. */
const SPEC: Record<RoleName, string[]> = {
  superadmin: ['*'],
  admin: [
    'manage_users',
    'manage_suppliers',
    'manage_activities',
    'manage_content',
    'view_analytics',
    'manage_trips',
    'manage_destinations',
    'manage_currencies',
  ],
  expert: ['manage_suppliers', 'manage_activities', 'manage_assigned_trips', 'view_performance', 'manage_destinations'],
  specialist: ['view_suppliers', 'review_quizzes', 'manage_customer_profiles', 'view_assignments', 'communicate_with_travelers'],
  editor: ['manage_content', 'manage_activities', 'manage_destinations'],
  traveler: ['create_trips', 'view_bookings', 'manage_profile', 'access_trip_planning'],
}

const sorted = (list: readonly string[]) => [...list].sort()

describe('role-to-permission table', () => {
  it('in code matches the spec, role by role', () => {
    expect(sorted(ROLE_NAMES)).toEqual(sorted(Object.keys(SPEC)))
    for (const role of ROLE_NAMES) expect(sorted(ROLE_PERMISSIONS[role]), role).toEqual(sorted(SPEC[role]))
  })

  describe('as stored in the database after migration', () => {
    let handle: DatabaseHandle
    beforeAll(async () => {
      handle = await createTestDatabase()
    })
    afterAll(async () => {
      await handle?.close()
    })

    it('has exactly the six roles', async () => {
      const rows = await handle.db.select({ name: roles.name }).from(roles).orderBy(asc(roles.name))
      expect(rows.map((r) => r.name)).toEqual(sorted(Object.keys(SPEC)))
    })

    it('grants each role exactly its permissions', async () => {
      const rows = await handle.db
        .select({ role: roles.name, permission: rolePermissions.permission })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      const stored: Record<string, string[]> = {}
      for (const row of rows) (stored[row.role] ??= []).push(row.permission)
      for (const role of ROLE_NAMES) expect(sorted(stored[role] ?? []), role).toEqual(sorted(SPEC[role]))
      expect(rows).toHaveLength(Object.values(SPEC).flat().length)
    })
  })
})

describe('hasPermission', () => {
  it("grants every permission to a holder of '*'", () => {
    const superadmin = { role: 'superadmin' as const, permissions: ['*'] }
    for (const permission of PERMISSIONS) expect(hasPermission(superadmin, permission)).toBe(true)
  })

  it('grants only what the role lists', () => {
    const editor = { role: 'editor' as const, permissions: SPEC.editor }
    expect(hasPermission(editor, 'manage_content')).toBe(true)
    expect(hasPermission(editor, 'manage_users')).toBe(false)
    expect(hasAnyPermission(editor, ['manage_users', 'manage_destinations'])).toBe(true)
    expect(hasAnyPermission(editor, ['manage_users', 'view_analytics'])).toBe(false)
  })

  it('grants nothing to a holder without permissions', () => {
    expect(hasPermission({ role: 'traveler', permissions: [] }, 'manage_profile')).toBe(false)
  })
})

describe('dashboardPathForRole', () => {
  it.each([
    ['superadmin', '/dashboard/superadmin'],
    ['admin', '/dashboard/admin'],
    ['expert', '/dashboard/expert'],
    ['specialist', '/dashboard/specialist'],
    ['traveler', '/dashboard/traveler'],
    ['editor', '/dashboard'],
  ] as const)('%s → %s', (role, path) => {
    expect(dashboardPathForRole(role)).toBe(path)
  })

  it('sends a visitor without a role to /login', () => {
    expect(dashboardPathForRole(null)).toBe('/login')
    expect(dashboardPathForRole(undefined)).toBe('/login')
  })
})

describe('normalizeRole', () => {
  it('keeps known roles, reads {name}, and falls back to traveler', () => {
    expect(normalizeRole('expert')).toBe('expert')
    expect(normalizeRole({ name: 'admin' })).toBe('admin')
    expect(normalizeRole('pilot')).toBe('traveler')
    expect(normalizeRole(null)).toBe('traveler')
  })
})
