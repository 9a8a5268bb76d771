import type { RoleName } from '@meridian/auth/permissions'

/** Role colours of 1-platform-core.md §3 in Mantine's palette (slate is gray, amber is yellow, purple is violet); the editor has none in the spec. */
export const ROLE_COLORS: Record<RoleName, string> = {
  superadmin: 'gray',
  admin: 'red',
  expert: 'yellow',
  specialist: 'violet',
  editor: 'blue',
  traveler: 'green',
}
