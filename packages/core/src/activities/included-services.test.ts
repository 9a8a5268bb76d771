import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { activities, type DatabaseHandle, eq, migrationsFolder, sql } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { ActivityInput, flattenActivityInput, INCLUDED_SERVICES, INCLUDED_SERVICE_LABELS } from '@meridian/validators'
import { insertTestActivity } from './test-helpers.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

const parse = (features: unknown) => v.safeParse(ActivityInput, flattenActivityInput({ name: 'x', description: 'y', features }))

describe('included services (2-catalogue-content.md §9)', () => {
  it('are the ten options, each with a label', () => {
    expect(INCLUDED_SERVICES).toEqual(['professional_guide', 'hotel_pickup', 'hotel_dropoff', 'entrance_fees', 'safety_equipment', 'meals', 'drinks', 'transport', 'photos', 'insurance'])
    expect(Object.keys(INCLUDED_SERVICE_LABELS)).toEqual([...INCLUDED_SERVICES])
  })

  it('take a list or comma-separated text of the options, each once in the order sent, and refuse anything else by name', () => {
    const ok = parse({ included_services: ['meals', 'hotel_pickup', 'meals'] })
    expect(ok.success && ok.output.included_services).toEqual(['meals', 'hotel_pickup'])
    const text = parse({ included_services: ' photos , insurance,' })
    expect(text.success && text.output.included_services).toEqual(['photos', 'insurance'])
    const bad = parse({ included_services: ['meals', 'Snorkel gear'] })
    expect(bad.success).toBe(false)
    expect(v.flatten(bad.issues!).nested).toEqual({
      included_services: [
        '"Snorkel gear" is not a valid choice. Choose from: professional_guide, hotel_pickup, hotel_dropoff, entrance_fees, safety_equipment, meals, drinks, transport, photos, insurance.',
      ],
    })
  })

  it('migration 0026 maps free text written before to the options and keeps the details in the Includes text', async () => {
    const rows: [string[], string, string[], string][] = [
      [['Tastings', 'Local guide'], '', ['professional_guide', 'meals'], 'Tastings, Local guide'],
      [['Pop-up roof vehicle', 'Packed lunch', 'Park fees'], 'Water on board', ['entrance_fees', 'meals', 'transport'], 'Water on board\nPop-up roof vehicle, Packed lunch, Park fees'],
      [['Hotel pickup', 'Meals', 'insurance'], '', ['hotel_pickup', 'meals', 'insurance'], ''],
      [['A free second try'], 'Kept as is', [], 'Kept as is\nA free second try'],
      [['meals', 'photos'], 'Untouched', ['meals', 'photos'], 'Untouched'],
      [[], '', [], ''],
    ]
    const ids: number[] = []
    for (const [services, includes] of rows) {
      const id = await insertTestActivity(handle.db, `Free text ${ids.length}`)
      await handle.db.update(activities).set({ includedServices: services, includesText: includes }).where(eq(activities.id, id))
      ids.push(id)
    }
    const file = fs.readdirSync(migrationsFolder).find((f) => f.startsWith('0026_'))!
    for (const statement of fs.readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint')) {
      await handle.db.execute(sql.raw(statement))
    }
    for (const [i, id] of ids.entries()) {
      const [row] = await handle.db.select({ services: activities.includedServices, includes: activities.includesText }).from(activities).where(eq(activities.id, id))
      expect([row!.services, row!.includes], JSON.stringify(rows[i]![0])).toEqual([rows[i]![2], rows[i]![3]])
    }
  })
})
