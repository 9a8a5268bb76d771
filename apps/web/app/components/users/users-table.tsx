import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core'
import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { ManagedUserDto } from '@meridian/core'
import { USER_MANAGEMENT_MESSAGES as M } from '@meridian/core/messages'
import { useHydrated } from '../shell/use-hydrated.ts'
import { IconBadge, IconCompass, IconCrown, IconPencil, IconUserCog, IconUserOff } from './icons.tsx'
import { RoleBadge } from './role-badge.tsx'

const joined = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The table with select-all, per-row selection and the bulk Activate / Deactivate bar, posted as one form. */
export function UsersTable({ users, filtered, currentUserId }: { users: ManagedUserDto[]; filtered: boolean; currentUserId: number }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const { search } = useLocation()
  const [selected, setSelected] = useState<Set<number>>(new Set())
  // A new page of results starts with nothing selected.
  const ids = users.map((u) => u.id).join(',')
  useEffect(() => setSelected(new Set()), [ids])
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : ''

  if (users.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap={4}>
          <Text fw={600}>{M.noUsers}</Text>
          <Text c="dimmed" size="sm">
            {filtered ? M.hintFiltered : M.hintEmpty}
          </Text>
        </Stack>
      </Paper>
    )
  }

  const all = users.length > 0 && users.every((u) => selected.has(u.id))
  const some = !all && users.some((u) => selected.has(u.id))
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const count = selected.size
  const label = (verb: string) => (hydrated ? `${verb} (${count})` : `${verb} selected`)
  const link = (path: string) => `/dashboard/users/${path}${search}`

  return (
    <Form method="post" aria-label="Users">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {hydrated ? `${count} selected` : 'Tick users, then activate or deactivate them together.'}
        </Text>
        <Group gap="xs">
          <Button type="submit" name="intent" value="activate" variant="light" color="teal" size="xs"
            disabled={hydrated && count === 0} loading={busy === 'activate'}>
            {label('Activate')}
          </Button>
          <Button type="submit" name="intent" value="deactivate" variant="light" color="red" size="xs"
            disabled={hydrated && count === 0} loading={busy === 'deactivate'}>
            {label('Deactivate')}
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={980}>
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label="Select all users" checked={all} indeterminate={some} disabled={!hydrated}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(users.map((u) => u.id)) : new Set())} />
              </Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Permissions</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id} data-username={user.username}>
                <Table.Td>
                  <Checkbox name="user_ids" value={String(user.id)} aria-label={`Select ${user.username}`}
                    checked={selected.has(user.id)} onChange={(e) => toggle(user.id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  <Text fw={500} size="sm">{user.full_name}</Text>
                  <Text c="dimmed" size="xs">@{user.username}</Text>
                </Table.Td>
                <Table.Td><Text size="sm">{user.email}</Text></Table.Td>
                <Table.Td><RoleBadge role={user.role} /></Table.Td>
                <Table.Td>
                  <Badge color={user.is_active ? 'teal' : 'gray'} variant="dot" style={{ overflow: 'visible' }}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {user.is_staff ? <Flag label="Staff" icon={<IconBadge />} color="blue" /> : null}
                    {user.is_superuser ? <Flag label="Superuser" icon={<IconCrown />} color="red" /> : null}
                    {user.profile_info.is_expert || user.role.name === 'expert' ? <Flag label="Expert" icon={<IconCompass />} color="grape" /> : null}
                  </Group>
                </Table.Td>
                <Table.Td><Text size="sm">{joined(user.date_joined)}</Text></Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit user">
                      <ActionIcon component={Link} to={link(`${user.id}/edit`)} variant="subtle" aria-label={`Edit ${user.username}`} preventScrollReset>
                        <IconPencil />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Change role">
                      <ActionIcon component={Link} to={link(`${user.id}/role`)} variant="subtle" aria-label={`Change role of ${user.username}`} preventScrollReset>
                        <IconUserCog />
                      </ActionIcon>
                    </Tooltip>
                    {user.is_active && user.id !== currentUserId ? (
                      <Tooltip label="Deactivate">
                        <ActionIcon component={Link} to={link(`${user.id}/deactivate`)} variant="subtle" color="red"
                          aria-label={`Deactivate ${user.username}`} preventScrollReset>
                          <IconUserOff />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Form>
  )
}

function Flag({ label, icon, color }: { label: string; icon: React.ReactNode; color: string }) {
  return (
    <Tooltip label={label}>
      <Badge variant="light" color={color} size="sm" circle role="img" aria-label={label} title={label}>
        {icon}
      </Badge>
    </Tooltip>
  )
}

/** Previous / page n of m / Next as links, so paging works without JavaScript. */
export function Pager({ page, pages, count }: { page: number; pages: number; count: number }) {
  const { search } = useLocation()
  const to = (n: number) => {
    const params = new URLSearchParams(search)
    if (n === 1) params.delete('page')
    else params.set('page', String(n))
    const query = params.toString()
    return `/dashboard/users${query ? `?${query}` : ''}`
  }
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {count.toLocaleString('en-US')} {count === 1 ? 'user' : 'users'} · page {page} of {pages}
      </Text>
      <Group gap="xs">
        <PageLink to={page > 1 ? to(page - 1) : null}>Previous</PageLink>
        <PageLink to={page < pages ? to(page + 1) : null}>Next</PageLink>
      </Group>
    </Group>
  )
}

function PageLink({ to, children }: { to: string | null; children: React.ReactNode }) {
  if (!to) {
    return (
      <Button variant="default" size="xs" disabled>
        {children}
      </Button>
    )
  }
  return (
    <Button component={Link} to={to} variant="default" size="xs" preventScrollReset>
      {children}
    </Button>
  )
}
