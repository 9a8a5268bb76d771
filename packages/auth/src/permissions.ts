/** Roles and permissions (spec 1 §6). Browser-safe: no server imports. */

export const ROLE_NAMES = ['superadmin', 'admin', 'expert', 'specialist', 'editor', 'traveler'] as const
export type RoleName = (typeof ROLE_NAMES)[number]

export const ROLE_DISPLAY_NAMES: Record<RoleName, string> = {
  superadmin: 'Super Administrator',
  admin: 'Administrator',
  expert: 'Travel Expert',
  specialist: 'Travel Specialist',
  editor: 'Content Editor',
  traveler: 'Traveler',
}

export const PERMISSIONS = [
  '*',
  'manage_users',
  'manage_suppliers',
  'manage_activities',
  'manage_content',
  'view_analytics',
  'manage_trips',
  'manage_destinations',
  'manage_currencies',
  'manage_assigned_trips',
  'view_performance',
  'view_suppliers',
  'review_quizzes',
  'manage_customer_profiles',
  'view_assignments',
  'communicate_with_travelers',
  'create_trips',
  'view_bookings',
  'manage_profile',
  'access_trip_planning',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** The default grant of each role; the roles table starts from this (drizzle/0001_roles.sql). */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
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
  specialist: [
    'view_suppliers',
    'review_quizzes',
    'manage_customer_profiles',
    'view_assignments',
    'communicate_with_travelers',
  ],
  editor: ['manage_content', 'manage_activities', 'manage_destinations'],
  traveler: ['create_trips', 'view_bookings', 'manage_profile', 'access_trip_planning'],
}

/** An unknown role name falls back to traveler (spec 1 §3). */
export function normalizeRole(name: unknown): RoleName {
  if (typeof name === 'object' && name !== null && 'name' in name) return normalizeRole((name as { name: unknown }).name)
  return (ROLE_NAMES as readonly unknown[]).includes(name) ? (name as RoleName) : 'traveler'
}

export interface PermissionHolder {
  role: RoleName
  permissions: readonly string[]
  isSuperuser?: boolean
}

/** Any check passes for '*'. */
export function hasPermission(holder: PermissionHolder, permission: Permission): boolean {
  return holder.permissions.includes('*') || holder.permissions.includes(permission)
}

export function hasAnyPermission(holder: PermissionHolder, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => hasPermission(holder, p))
}

export function hasRole(holder: PermissionHolder, role: RoleName): boolean {
  return holder.role === role
}

export function hasAnyRole(holder: PermissionHolder, roles: readonly RoleName[]): boolean {
  return roles.includes(holder.role)
}

/** The landing page's Dashboard button target (spec 1 §6); all of these redirect to /dashboard/overview. */
export function dashboardPathForRole(role: RoleName | null | undefined): string {
  switch (role) {
    case 'expert':
    case 'admin':
    case 'specialist':
    case 'traveler':
    case 'superadmin':
      return `/dashboard/${role}`
    case 'editor':
      return '/dashboard'
    default:
      return '/login'
  }
}
