import { Badge } from '@mantine/core'

/** Role badge colours of the users screen (3-back-office.md §6); a custom role is gray. */
export const USER_ROLE_COLORS: Record<string, string> = {
  superadmin: 'red',
  admin: 'orange',
  editor: 'yellow',
  specialist: 'green',
  expert: 'blue',
  traveler: 'gray',
}

/** Short labels of 3-back-office.md §3 Role. */
export const ROLE_LABELS: Record<string, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  editor: 'Editor',
  specialist: 'Specialist',
  expert: 'Expert',
  traveler: 'Traveler',
}

export const roleLabel = (role: { name: string; display_name: string }) => ROLE_LABELS[role.name] ?? role.display_name

export function RoleBadge({ role }: { role: { name: string; display_name: string } }) {
  return (
    <Badge color={USER_ROLE_COLORS[role.name] ?? 'gray'} variant="light" style={{ overflow: 'visible' }}>
      {roleLabel(role)}
    </Badge>
  )
}
