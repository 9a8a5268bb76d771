import type { AppLoadContext } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { DomainError, isSuperadminLevel, messageForStatus } from '@meridian/core'
import { requireUserManager } from '@meridian/core'
import { requireUser } from '../../utils/auth.server.ts'
import { flashHeader } from '../../utils/flash.server.ts'

/** The list page with the filters and page of this request (modals return to it). */
export function listUrl(request: Request): string {
  return `/dashboard/users${new URL(request.url).search}`
}

/**
 * A modal route's guard: signed in (else /login), and passing the screen's own rule (else back to the list, which
 * says Access Denied). The services check again.
 */
export async function requireUserManagerPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context)
  // Refused with 403 and the spec's text (the error screen), never sent elsewhere as if nothing happened.
  requireUserManager(user.ctx)
  return user
}

export async function backToList(request: Request, message: string) {
  return redirect(listUrl(request), { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message }) } })
}

export interface FormFailure {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

const STATUS: Record<string, number> = { invalid: 400, conflict: 400, forbidden: 403, not_found: 404 }

/** A DomainError as the form's answer: field messages inline, anything else in the banner, what was typed kept. */
export function formFailure(error: unknown, values: Record<string, string>, fallback: string) {
  if (!(error instanceof DomainError)) throw error
  const status = STATUS[error.code] ?? 400
  const fields = error.fields ?? {}
  const formLevel = fields.non_field_errors?.join(' ')
  const message = formLevel ?? (Object.keys(fields).length ? fallback : error.message || messageForStatus(status))
  return data<FormFailure>({ message, fields, values }, { status })
}

const TEXT = ['first_name', 'last_name', 'username', 'email', 'role_id', 'phone', 'bio', 'specializations', 'expert_countries', 'years_experience'] as const
export const USER_FLAGS = ['is_active', 'is_staff', 'is_superuser', 'is_expert', 'is_admin', 'is_superadmin', 'send_password_link'] as const

/** What the user form sent, as strings (checkboxes 'on' or ''), for redisplay. Passwords are never echoed. */
export function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of [...TEXT, ...USER_FLAGS]) out[name] = String(form.get(name) ?? '')
  return out
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The user form as the service's input: checkboxes as booleans, profile fields under profile_data. */
export function userInput(form: FormData, mode: 'create' | 'edit'): Record<string, unknown> {
  const v = typedValues(form)
  const on = (name: string) => v[name] === 'on'
  const input: Record<string, unknown> = {
    first_name: v.first_name,
    last_name: v.last_name,
    username: v.username,
    email: v.email,
    is_active: on('is_active'),
    is_staff: on('is_staff'),
    is_superuser: on('is_superuser'),
    profile_data: {
      phone: v.phone,
      bio: v.bio,
      specializations: list(v.specializations!),
      expert_countries: list(v.expert_countries!),
      ...(v.years_experience ? { years_experience: v.years_experience } : {}),
      is_expert: on('is_expert'),
      is_admin: on('is_admin'),
      is_superadmin: on('is_superadmin'),
    },
  }
  if (v.role_id) input.role_id = v.role_id
  const password = String(form.get('password') ?? '')
  const confirm = String(form.get('confirm_password') ?? '')
  if (mode === 'create') {
    input.role_id = v.role_id
    // Unticked on create means "as the role says" (staff for every role but traveler).
    if (!on('is_staff')) delete input.is_staff
    input.send_password_link = on('send_password_link')
    if (password || !on('send_password_link')) input.password = password
    if (confirm || !on('send_password_link')) input.confirm_password = confirm
  } else if (password || confirm) {
    input.password = password
    input.confirm_password = confirm
  }
  return input
}

/** Load what a modal needs; an unknown user sends the browser back to the list with the catalogue's message. */
export async function loadOrBack<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') {
      throw redirect(listUrl(request), { headers: { 'Set-Cookie': await flashHeader({ type: 'error', message: error.message }) } })
    }
    throw error
  }
}
