import { countries, type DatabaseHandle, eq, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../users/insert-user.ts'
import { listPublicExperts } from './list-public-experts.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

const user = (username: string, role: 'expert' | 'traveler' | 'specialist', extra: { firstName?: string; lastName?: string; isActive?: boolean } = {}) =>
  insertUser(handle.db, { username, email: `${username}@example.test`, password: 'a-long-password-1', role, ...extra })

describe('listPublicExperts', () => {
  it('is empty when no expert exists', async () => {
    expect(await listPublicExperts({ db: handle.db })).toEqual([])
  })

  it('lists active experts only, with name and profile, never username or e-mail', async () => {
    const elena = await user('elena.c', 'expert', { firstName: 'Elena', lastName: 'Costa' })
    const [portugal] = await handle.db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning({ id: countries.id })
    await handle.db
      .update(users)
      .set({ bio: ' Culinary journeys. ', city: 'Lisbon', country: 'Portugal', expertCountries: [portugal!.id], specializations: ['Food & wine'], yearsExperience: 9, phoneNumber: '+351 555 0100' })
      .where(eq(users.id, elena))
    const unnamed = await user('secret-handle', 'expert')
    await user('gone', 'expert', { firstName: 'Gone', isActive: false })
    await user('tara', 'traveler', { firstName: 'Tara' })
    await user('spec', 'specialist', { firstName: 'Spec' })

    const experts = await listPublicExperts({ db: handle.db })
    expect(experts).toEqual([
      { id: unnamed, display_name: 'Travel Expert', bio: '', city: '', country: '', countries: [], specializations: [], years_experience: 0 },
      { id: elena, display_name: 'Elena Costa', bio: 'Culinary journeys.', city: 'Lisbon', country: 'Portugal', countries: ['Portugal'], specializations: ['Food & wine'], years_experience: 9 },
    ])
    const text = JSON.stringify(experts)
    expect(text).not.toContain('555 0100')
    expect(text).not.toContain('secret-handle')
    expect(text).not.toContain('@example.test')
  })
})
