import { redirect } from '@remix-run/node'

/** Every role's dashboard path leads to the role-based home (3-back-office.md §2.1). */
export const loader = () => redirect('/dashboard/overview')
