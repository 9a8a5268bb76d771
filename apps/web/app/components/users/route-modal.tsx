import { Modal } from '@mantine/core'
import { useLocation, useNavigate } from '@remix-run/react'

/** Where a modal of the users screen returns to: the list with the same filters and page. */
export function useListUrl() {
  const { search } = useLocation()
  return `/dashboard/users${search}`
}

/**
 * A nested route shown as a modal over the list. Rendered in place (no portal), so the server's HTML already holds
 * it and its form works with JavaScript off; closing navigates back to the list.
 */
export function RouteModal({ title, children, size = 'lg' }: { title: string; children: React.ReactNode; size?: string }) {
  const navigate = useNavigate()
  const back = useListUrl()
  return (
    <Modal opened withinPortal={false} onClose={() => navigate(back, { preventScrollReset: true })} title={title} size={size} centered>
      {children}
    </Modal>
  )
}
