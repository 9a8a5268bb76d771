import * as v from 'valibot'
import { COMMON_PASSWORDS } from './common-passwords.ts'

const trimmed = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message))

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/**
 * The one password rule, for every place a password is chosen (registration, reset, change, user management):
 * 8 to 128 characters, not entirely numeric, not among the common ones.
 */
export const strongPassword = v.pipe(
  v.string('This field is required.'),
  v.nonEmpty('This field is required.'),
  v.minLength(PASSWORD_MIN, `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`),
  v.maxLength(PASSWORD_MAX, `Ensure this field has no more than ${PASSWORD_MAX} characters.`),
  v.check((p) => !/^\d+$/.test(p), 'This password is entirely numeric.'),
  v.check((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'This password is too common.'),
)
const newPassword = strongPassword

/** Sign-in by username or e-mail (spec 1 §5). */
export const LoginInput = v.object({
  username: trimmed('Username is required'),
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'), v.maxLength(1024)),
})
export type LoginInput = v.InferOutput<typeof LoginInput>

export const RefreshInput = v.object({ refresh: trimmed('This field is required.') })
export const LogoutInput = v.object({ refresh: trimmed('This field is required.') })

const name = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150, 'Ensure this field has no more than 150 characters.')), '')

export const USERNAME_PATTERN = /^[\w.@+-]+$/
export const username = v.pipe(
  trimmed('This field is required.'),
  v.maxLength(150, 'Ensure this field has no more than 150 characters.'),
  v.regex(USERNAME_PATTERN, 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'),
)
export const email = v.pipe(
  trimmed('This field is required.'),
  v.maxLength(254, 'Ensure this field has no more than 254 characters.'),
  v.email('Enter a valid email address.'),
)

export const RegisterInput = v.pipe(
  v.object({
    username,
    email,
    password: newPassword,
    confirm_password: v.optional(v.string()),
    first_name: name,
    last_name: name,
  }),
  v.forward(
    v.check((i) => i.confirm_password === undefined || i.confirm_password === i.password, "Passwords don't match."),
    ['confirm_password'],
  ),
)
export type RegisterInput = v.InferOutput<typeof RegisterInput>

const profileText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `Ensure this field has no more than ${max} characters.`)))

export const ProfileFields = v.object({
  bio: profileText(2000),
  phone_number: profileText(32),
  city: profileText(100),
  country: profileText(100),
})

export const UpdateProfileInput = v.object({
  first_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150))),
  last_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150))),
  email: v.optional(email),
  profile: v.optional(ProfileFields),
  ...ProfileFields.entries,
})
export type UpdateProfileInput = v.InferOutput<typeof UpdateProfileInput>

export const ChangePasswordInput = v.pipe(
  v.object({
    old_password: v.pipe(v.string('This field is required.'), v.nonEmpty('This field is required.')),
    new_password: newPassword,
    confirm_password: v.optional(v.string()),
  }),
  v.forward(
    v.check((i) => i.confirm_password === undefined || i.confirm_password === i.new_password, "Passwords don't match."),
    ['confirm_password'],
  ),
)
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordInput>

export const PasswordResetInput = v.object({ email })
export const PasswordResetConfirmInput = v.pipe(
  v.object({
    token: trimmed('This field is required.'),
    new_password: newPassword,
    confirm_password: v.optional(v.string()),
  }),
  v.forward(
    v.check((i) => i.confirm_password === undefined || i.confirm_password === i.new_password, "Passwords don't match."),
    ['confirm_password'],
  ),
)
