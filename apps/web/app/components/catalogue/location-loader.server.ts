import { listCountryChoices, listRegions, type ServiceContext } from '@meridian/core'
import { EMPTY_LOCATION, type LocationFormValues, pickLocationFields } from './location-form.tsx'

/**
 * What the location form needs: every country, and the regions of the chosen one. Without JavaScript the
 * form's "Load regions" button sends the draft here as a GET (`intent=regions`), so it comes back filled in.
 */
export async function locationFormData(ctx: ServiceContext, request: Request, stored: LocationFormValues = EMPTY_LOCATION) {
  const url = new URL(request.url)
  const draft = url.searchParams.get('intent') === 'regions'
  const values = draft ? pickLocationFields(Object.fromEntries(url.searchParams), stored) : stored
  if (draft && !url.searchParams.has('is_active')) values.is_active = 'false'
  if (draft && values.region) values.region = ''
  const [countries, regions] = await Promise.all([
    listCountryChoices(ctx),
    values.country ? listRegions(ctx, values.country).catch(() => []) : Promise.resolve([]),
  ])
  return { values, countries, regions, back: draft ? (url.searchParams.get('back') ?? '') : url.search }
}
