import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { BulkUpdateStatusInput, CreateManagedUserInput, UpdateManagedUserInput } from './users.ts'

const base = { username: 'ana', email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva', role_id: '3' }
const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? {} : v.flatten(result.issues).nested
}

describe('user form rules', () => {
  it('requires password and confirmation on create, unless a set-password link is sent', () => {
    expect(messages(CreateManagedUserInput, base)).toEqual({ password: ['This field is required.'], confirm_password: ['This field is required.'] })
    expect(messages(CreateManagedUserInput, { ...base, password: 'correct-horse-battery' })).toEqual({ confirm_password: ['This field is required.'] })
    expect(messages(CreateManagedUserInput, { ...base, send_password_link: 'on' })).toEqual({})
  })

  it('refuses short, numeric, common and mismatched passwords', () => {
    const pw = (password: string, confirm = password) => messages(CreateManagedUserInput, { ...base, password, confirm_password: confirm })
    expect(pw('abc')).toMatchObject({ password: ['This password is too short. It must contain at least 8 characters.'] })
    expect(pw('12345678901')).toMatchObject({ password: ['This password is entirely numeric.'] })
    expect(pw('Qwerty123')).toEqual({ password: ['This password is too common.'] })
    expect(pw('correct-horse-battery', 'correct-horse')).toEqual({ confirm_password: ["Passwords don't match."] })
    expect(pw('correct-horse-battery')).toEqual({})
  })

  it('takes form strings and JSON alike, and a new password on edit only with its confirmation', () => {
    const parsed = v.parse(CreateManagedUserInput, { ...base, role_id: 3, is_active: 'on', send_password_link: true })
    expect(parsed).toMatchObject({ role_id: 3, is_active: true, is_superuser: false })
    expect(messages(UpdateManagedUserInput, { password: 'correct-horse-battery' })).toEqual({ confirm_password: ["Passwords don't match."] })
    expect(messages(UpdateManagedUserInput, { password: '' })).toEqual({})
  })

  it('wants a non-empty list and a known action for bulk updates', () => {
    expect(messages(BulkUpdateStatusInput, { user_ids: [], action: 'activate' })).toEqual({ user_ids: ['This list may not be empty.'] })
    expect(messages(BulkUpdateStatusInput, { user_ids: [1], action: 'purge' })).toEqual({ action: ['Action must be "activate" or "deactivate".'] })
    expect(messages(BulkUpdateStatusInput, { user_ids: ['x'], action: 'activate' })).toEqual({ 'user_ids.0': ['Each id must be a user id.'] })
  })
})
