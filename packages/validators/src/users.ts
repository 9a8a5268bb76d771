import * as v from 'valibot'
import { flag, listCursor } from './fields.ts'
import { email, strongPassword, username } from './auth.ts'

/** User management inputs (3-back-office.md §3 User, §5 User form, §7 users-mgmt). Forms send strings, JSON sends types. */

export const PASSWORDS_DONT_MATCH = "Passwords don't match."
export const BULK_ACTIONS = ['activate', 'deactivate'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

const required = (message = 'This field is required.') => v.pipe(v.string(message), v.trim(), v.nonEmpty(message))

/** An id as JSON sends it (number) or a form does (digits). */
export const idValue = (message = 'A valid integer is required.') =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d+$/, message))], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(1, message),
  )

/** true/false as JSON, or the strings a form or query string sends ('true', 'false', 'on', '1', '0'). */
const nameField = v.pipe(required(), v.maxLength(150, 'Ensure this field has no more than 150 characters.'))
const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `Ensure this field has no more than ${max} characters.`))

/** profile_info of a staff member; the expert fields feed matching of travelers with experts. */
export const ProfileData = v.object({
  phone: v.optional(text(32)),
  bio: v.optional(text(2000)),
  expert_countries: v.optional(
    v.pipe(v.array(idValue('Each country must be a country id.'), 'Expected a list of items.'), v.maxLength(300)),
  ),
  specializations: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.nonEmpty('Blank entries are not allowed.'), v.maxLength(100)), 'Expected a list of items.'),
      v.maxLength(30, 'Ensure this list has no more than 30 items.'),
    ),
  ),
  years_experience: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'A valid integer is required.'), v.transform(Number))], 'A valid integer is required.'),
      v.integer('A valid integer is required.'),
      v.minValue(0, 'Ensure this value is greater than or equal to 0.'),
      v.maxValue(80, 'Ensure this value is less than or equal to 80.'),
    ),
  ),
  is_expert: v.optional(flag),
  is_admin: v.optional(flag),
  is_superadmin: v.optional(flag),
})
export type ProfileData = v.InferOutput<typeof ProfileData>

/**
 * Create a user. Either password and confirm_password (both required, matching), or send_password_link: the new
 * user gets a mail with a link to choose their own.
 */
export const CreateManagedUserInput = v.pipe(
  v.object({
    username,
    email,
    first_name: nameField,
    last_name: nameField,
    role_id: idValue('Please choose a role.'),
    password: v.optional(strongPassword),
    confirm_password: v.optional(v.string()),
    send_password_link: v.optional(flag, false),
    is_active: v.optional(flag, true),
    is_staff: v.optional(flag),
    is_superuser: v.optional(flag, false),
    profile_data: v.optional(ProfileData),
  }),
  // partialCheck runs even when other fields failed, so a form shows every message at once.
  v.forward(
    v.partialCheck([['password'], ['confirm_password'], ['send_password_link']], (i) => !!i.confirm_password || (!i.password && i.send_password_link), 'This field is required.'),
    ['confirm_password'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirm_password']], (i) => !i.password || !i.confirm_password || i.password === i.confirm_password, PASSWORDS_DONT_MATCH),
    ['confirm_password'],
  ),
  // Last: a check is skipped once an issue sits on one of its paths.
  v.forward(
    v.partialCheck([['password'], ['send_password_link']], (i) => !!i.password || i.send_password_link, 'This field is required.'),
    ['password'],
  ),
)
export type CreateManagedUserInput = v.InferOutput<typeof CreateManagedUserInput>

/** Change a user: every field optional; a new password needs its confirmation. */
export const UpdateManagedUserInput = v.pipe(
  v.object({
    username: v.optional(username),
    email: v.optional(email),
    first_name: v.optional(nameField),
    last_name: v.optional(nameField),
    role_id: v.optional(idValue('Please choose a role.')),
    password: v.optional(v.union([v.literal(''), strongPassword])),
    confirm_password: v.optional(v.string()),
    is_active: v.optional(flag),
    is_staff: v.optional(flag),
    is_superuser: v.optional(flag),
    profile_data: v.optional(ProfileData),
  }),
  v.forward(
    v.check((i) => !i.password || i.confirm_password === i.password, PASSWORDS_DONT_MATCH),
    ['confirm_password'],
  ),
)
export type UpdateManagedUserInput = v.InferOutput<typeof UpdateManagedUserInput>

export const ChangeRoleInput = v.object({ role_id: idValue('Please choose a role.') })

/** PATCH /users/api/admin/users/{id}/role/: a role by name or by id. */
export const AdminRoleInput = v.pipe(
  v.object({ role: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required.'))), role_id: v.optional(idValue()) }),
  v.forward(v.check((i) => i.role !== undefined || i.role_id !== undefined, 'This field is required.'), ['role']),
)

export const BulkUpdateStatusInput = v.object({
  user_ids: v.pipe(
    v.array(idValue('Each id must be a user id.'), 'Expected a list of items.'),
    v.minLength(1, 'This list may not be empty.'),
    v.maxLength(1000, 'Ensure this list has no more than 1000 items.'),
  ),
  action: v.pipe(
    v.string('This field is required.'),
    v.check((a) => (BULK_ACTIONS as readonly string[]).includes(a), 'Action must be "activate" or "deactivate".'),
    v.transform((a) => a as BulkAction),
  ),
})

export const USER_STATUS_FILTERS = ['all', 'active', 'inactive', 'staff'] as const

/** The list's filters (page_size, search, role, is_active, is_staff; page from 1). */
export const ListUsersQuery = v.object({
  page: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Invalid page.'), v.transform(Number))], 'Invalid page.'), v.integer('Invalid page.'), v.minValue(1, 'Invalid page.')), 1),
  page_size: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.transform((n) => (Number.isInteger(n) && n >= 1 ? Math.min(n, 500) : 20))), 20),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
  /** A role name or id. */
  role: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim()), ''),
  is_active: v.optional(flag),
  is_staff: v.optional(flag),
  /** The page after this one: a list's `next_cursor` (typed procedures and loaders; REST pages by number). */
  cursor: v.optional(listCursor),
})
export type ListUsersQuery = v.InferOutput<typeof ListUsersQuery>

export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_]*$/

export const CreateRoleInput = v.object({
  name: v.pipe(
    required(),
    v.maxLength(50, 'Ensure this field has no more than 50 characters.'),
    v.regex(ROLE_NAME_PATTERN, 'Use lower-case letters, digits and underscores, starting with a letter.'),
  ),
  display_name: v.pipe(required(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')),
  description: v.optional(text(500), ''),
  permissions: v.optional(v.array(v.string(), 'Expected a list of items.'), []),
})
export const UpdateRoleInput = v.partial(CreateRoleInput)
