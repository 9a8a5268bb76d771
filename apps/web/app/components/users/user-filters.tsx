import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { IconSearch } from '../shell/icons.tsx'
import type { RoleOption } from './user-form.tsx'

export interface ListFilters {
  search: string
  role: string
  status: 'all' | 'active' | 'inactive' | 'staff'
  page: number
  page_size: number
  /** A page's next_cursor: the rows after it (the pager itself links by page number). */
  cursor?: string
}

export const PAGE_SIZES = [10, 20, 50, 100]

/**
 * Search, role and status (3-back-office.md §2.5) and the page size, as a GET form: the URL holds them, so they
 * survive a reload and work without JavaScript (Apply); with it, a change applies at once. Any change returns to
 * page 1, since the form sends no page.
 */
export function UserFilters({ filters, roles }: { filters: ListFilters; roles: RoleOption[] }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const apply = (delay: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), delay)
  }
  return (
    <Form method="get" ref={form} role="search" aria-label="Filter users">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="search"
          label="Search"
          placeholder="Name, username or email"
          defaultValue={filters.search}
          leftSection={<IconSearch size={16} />}
          onChange={() => apply(350)}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          name="role"
          label="Role"
          defaultValue={filters.role}
          onChange={() => apply(0)}
          data={[{ value: '', label: 'All Roles' }, ...roles.map((r) => ({ value: r.name, label: r.label }))]}
        />
        <NativeSelect
          name="status"
          label="Status"
          defaultValue={filters.status}
          onChange={() => apply(0)}
          data={[
            { value: 'all', label: 'All Status' },
            { value: 'active', label: 'Active Only' },
            { value: 'inactive', label: 'Inactive Only' },
            { value: 'staff', label: 'Staff Only' },
          ]}
        />
        <NativeSelect
          name="page_size"
          label="Per page"
          defaultValue={String(filters.page_size)}
          onChange={() => apply(0)}
          data={PAGE_SIZES.map((n) => String(n))}
        />
        <Button type="submit" variant="default">
          Apply
        </Button>
      </Group>
    </Form>
  )
}
