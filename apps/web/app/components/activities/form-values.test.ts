import { describe, expect, it } from 'vitest'
import { activityPayload, canSave, emptyActivityForm, readActivityForm, tierMessage } from './form-values.ts'

function filled() {
  const v = emptyActivityForm()
  Object.assign(v.fields, { name: 'Dune ride', description: 'Up and down.', supplier_id: '4', supplier_name: 'Typed', country_id: '2', location_id: '9' })
  v.tiers = [{ name: 'All', min_quantity: '1', max_quantity: '', price_per_unit: '20', fixed_price: '' }]
  return v
}

describe('the activity form (spec 2 §5, §9)', () => {
  it('starts from the §9 defaults', () => {
    const v = emptyActivityForm()
    expect(v.fields).toMatchObject({ category: 'adventure', difficulty: 'easy', experience_type: 'guided', pricing_model: 'tiered', currency: 'USD', duration_hours: '3' })
    expect(v.flags).toMatchObject({ is_active: true, instant_confirmation: true, booking_required: true, is_featured: false })
    expect(v.days).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('sends Sunday 0 as 7, trims tags and drops empties, omits the country when a location is set and the typed supplier name when a supplier is chosen', () => {
    const v = filled()
    v.days = [0, 3]
    v.fields.tag_names = ' desert , ,sunset,'
    const payload = activityPayload(v)
    expect(payload.days_of_week).toEqual([7, 3])
    expect(payload.tag_names).toEqual(['desert', 'sunset'])
    expect(payload).not.toHaveProperty('country_id')
    expect(payload).not.toHaveProperty('supplier_name')
    expect(payload.location_id).toBe('9')
    v.fields.location_id = ''
    v.fields.supplier_id = ''
    expect(activityPayload(v)).toMatchObject({ country_id: '2', supplier_name: 'Typed' })
  })

  it('enables Save only when name, description, valid tiers (tiered only), a supplier or its name, a country and a location hold', () => {
    expect(canSave(filled())).toBe(true)
    for (const field of ['name', 'description', 'country_id', 'location_id'] as const) {
      const v = filled()
      v.fields[field] = ''
      expect(canSave(v), field).toBe(false)
    }
    const noSupplier = filled()
    noSupplier.fields.supplier_id = ''
    noSupplier.fields.supplier_name = ' '
    expect(canSave(noSupplier)).toBe(false)
    const badTier = filled()
    badTier.tiers[0]!.min_quantity = '0'
    expect(canSave(badTier)).toBe(false)
    expect(tierMessage(badTier)).toBe('Please fix tier values: min quantity must be at least 1 and price per person cannot be negative.')
    badTier.fields.pricing_model = 'fixed'
    expect(canSave(badTier)).toBe(true)
    expect(tierMessage(badTier)).toBeNull()
  })

  it('reads a plain form post: tier rows, days and unticked checkboxes', () => {
    const form = new FormData()
    form.set('name', 'Ride')
    form.set('tier_count', '2')
    form.set('tier_min_quantity_0', '1')
    form.set('tier_price_per_unit_0', '10')
    form.set('tier_min_quantity_1', '5')
    form.set('tier_max_quantity_1', '9')
    form.set('tier_price_per_unit_1', '8')
    form.append('days', '0')
    form.append('days', '6')
    form.set('is_featured', 'on')
    const v = readActivityForm(form)
    expect(v.tiers.map((t) => [t.min_quantity, t.max_quantity, t.price_per_unit])).toEqual([
      ['1', '', '10'],
      ['5', '9', '8'],
    ])
    expect(v.days).toEqual([0, 6])
    expect(v.flags).toMatchObject({ is_featured: true, is_active: false })
  })

  it('reads the ticked included services, one value per box, and sends them as a list', () => {
    const form = new FormData()
    form.append('included_services', 'hotel_pickup')
    form.append('included_services', 'meals')
    form.append('included_services', 'hotel_pickup')
    const v = readActivityForm(form)
    expect(v.services).toEqual(['hotel_pickup', 'meals'])
    expect(activityPayload(v).included_services).toEqual(['hotel_pickup', 'meals'])
    expect(readActivityForm(new FormData()).services).toEqual([])
    expect(emptyActivityForm().services).toEqual([])
  })
})
