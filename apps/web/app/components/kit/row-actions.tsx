import { Button, type ButtonVariant, Group, type GroupProps } from '@mantine/core'
import { Link } from '@remix-run/react'

/** One small link button of a row's actions (keeps the scroll position: the record opens over the list). */
export function RowAction({
  to,
  label,
  children,
  variant,
  color,
}: {
  to: string
  /** The accessible name, which names the record ("Edit Lisbon"). */
  label: string
  children: React.ReactNode
  variant: ButtonVariant
  color?: string
}) {
  return (
    <Button component={Link} to={to} size="xs" variant={variant} color={color} preventScrollReset aria-label={label}>
      {children}
    </Button>
  )
}

/**
 * View, Edit and Delete of one record in a list, each labelled with the record's name. `to` gives the address of an
 * action ('' the view, '/edit', '/delete'); Edit, Delete and any `children` (more actions, placed between Edit and
 * Delete) show only when `canManage`. The remaining props lay out the group.
 */
export function RowActions({
  name,
  to,
  canManage = true,
  variant = 'light',
  viewVariant = variant,
  children,
  ...group
}: {
  name: string
  to: (action: string) => string
  canManage?: boolean
  /** The buttons' variant; View may differ (`viewVariant`). */
  variant?: ButtonVariant
  viewVariant?: ButtonVariant
  children?: React.ReactNode
} & Omit<GroupProps, 'children'>) {
  return (
    <Group {...group}>
      <RowAction to={to('')} variant={viewVariant} label={`View ${name}`}>
        View
      </RowAction>
      {canManage ? (
        <>
          <RowAction to={to('/edit')} variant={variant} label={`Edit ${name}`}>
            Edit
          </RowAction>
          {children}
          <RowAction to={to('/delete')} variant={variant} color="red" label={`Delete ${name}`}>
            Delete
          </RowAction>
        </>
      ) : null}
    </Group>
  )
}
