import { Button, Checkbox, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core'
import { Form, Link, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, INCLUDED_SERVICE_LABELS } from '@meridian/validators/activity-constants'
import {
  DISCOVERY_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_PRICE_RANGE,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
} from '@meridian/validators/discovery-constants'
import { fieldError } from '../kit/banners.tsx'
import { IconSearch } from '../shell/icons.tsx'

/** Each field of the search as sent (a repeated one as a list), to show again. */
export interface SearchFormValues {
  q: string
  location: string
  price_min: string
  price_max: string
  rating: string
  categories: string[]
  type: string
  date_from: string
  date_to: string
  travelers: string
  amenities: string[]
  currency: string
  sort: string
}

/**
 * The catalogue search's filters: a GET form, so it works without JavaScript. With it, a choice applies at once and
 * typing applies after a pause; the live status says when a search is under way. Bad filters show their message beside
 * them.
 */
export function SearchForm({
  form,
  view,
  errors,
  currencies,
  amenities,
  searching,
}: {
  form: SearchFormValues
  view: 'grid' | 'map'
  errors: Record<string, string[]> | null
  currencies: { value: string; label: string }[]
  amenities: string[]
  searching: boolean
}) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const apply = (target: HTMLFormElement | null, delay = 0) => {
    if (!target) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => submit(target, { replace: true, preventScrollReset: true }), delay)
  }
  const err = (name: string) => fieldError(errors ?? undefined, name)

  return (
    <Paper withBorder radius="md" p="md">
      <Form
        method="get"
        role="search"
        aria-label="Search the catalogue"
        onChange={(e) => {
          const field = e.target as HTMLInputElement
          // Typing waits for a pause; a choice applies at once.
          if (field.name === 'q' || field.name === 'location') apply(e.currentTarget, SEARCH_DEBOUNCE_MS)
          else if (field.type !== 'number' && field.type !== 'date') apply(e.currentTarget)
        }}
      >
        {view === 'map' ? <input type="hidden" name="view" value="map" /> : null}
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="search"
              name="q"
              label="Search"
              placeholder="Activities, destinations, places to stay…"
              defaultValue={form.q}
              maxLength={100}
              leftSection={<IconSearch size={16} />}
              error={err('q')}
              style={{ flex: '2 1 260px' }}
            />
            <TextInput
              name="location"
              label="Location"
              placeholder="City or country"
              defaultValue={form.location}
              maxLength={100}
              error={err('location')}
              style={{ flex: '1 1 180px' }}
            />
            <NativeSelect
              name="type"
              label="Type"
              defaultValue={form.type}
              data={[{ value: '', label: 'Everything' }, ...SEARCH_KINDS.map((k) => ({ value: k, label: SEARCH_KIND_LABELS[k] }))]}
              error={err('type')}
              style={{ flex: '0 1 170px' }}
            />
            <NativeSelect
              name="sort"
              label="Sort by"
              defaultValue={form.sort}
              data={SEARCH_SORTS.map((s) => ({ value: s, label: SEARCH_SORT_LABELS[s] }))}
              error={err('sort')}
              style={{ flex: '0 1 180px' }}
            />
          </Group>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="number"
              name="price_min"
              label="Price from"
              min={SEARCH_PRICE_RANGE[0]}
              max={SEARCH_PRICE_RANGE[1]}
              step="0.01"
              placeholder={String(SEARCH_PRICE_RANGE[0])}
              defaultValue={form.price_min}
              error={err('price_min')}
              style={{ flex: '0 1 120px' }}
            />
            <TextInput
              type="number"
              name="price_max"
              label="Price to"
              min={SEARCH_PRICE_RANGE[0]}
              max={SEARCH_PRICE_RANGE[1]}
              step="0.01"
              placeholder={SEARCH_PRICE_RANGE[1].toLocaleString('en-US')}
              defaultValue={form.price_max}
              error={err('price_max')}
              style={{ flex: '0 1 120px' }}
            />
            <NativeSelect
              name="currency"
              label="Currency"
              defaultValue={form.currency}
              data={currencies}
              error={err('currency')}
              style={{ flex: '0 1 130px' }}
            />
            <NativeSelect
              name="rating"
              label="Rating"
              defaultValue={form.rating}
              data={[
                { value: '', label: 'Any rating' },
                { value: '3', label: '3 and up' },
                { value: '4', label: '4 and up' },
                { value: '4.5', label: '4.5 and up' },
              ]}
              error={err('rating')}
              style={{ flex: '0 1 140px' }}
            />
            <TextInput type="date" name="date_from" label="From" defaultValue={form.date_from} error={err('date_from')} style={{ flex: '0 1 150px' }} />
            <TextInput type="date" name="date_to" label="To" defaultValue={form.date_to} error={err('date_to')} style={{ flex: '0 1 150px' }} />
            <TextInput
              type="number"
              name="travelers"
              label="Travelers"
              min={1}
              max={20}
              defaultValue={form.travelers}
              error={err('travelers')}
              style={{ flex: '0 1 100px' }}
            />
          </Group>
          <Checkbox.Group label="Categories" error={err('categories')} defaultValue={form.categories}>
            <Group gap="sm" mt={4}>
              {ACTIVITY_CATEGORIES.map((c) => (
                <Checkbox key={c} name="categories" value={c} label={ACTIVITY_CATEGORY_LABELS[c]} size="xs" />
              ))}
            </Group>
          </Checkbox.Group>
          {amenities.length ? (
            <Checkbox.Group label="Amenities" error={err('amenities')} defaultValue={form.amenities}>
              <Group gap="sm" mt={4}>
                {amenities.map((a) => (
                  <Checkbox key={a} name="amenities" value={a} label={INCLUDED_SERVICE_LABELS[a as keyof typeof INCLUDED_SERVICE_LABELS] ?? a} size="xs" />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          <Group gap="sm">
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Search
            </Button>
            <Button component={Link} to={view === 'map' ? '/dashboard/search?view=map' : '/dashboard/search'} variant="default">
              Clear filters
            </Button>
            {/* Always in the page and empty at rest, so a screen reader announces the text when a search starts. */}
            <div role="status" aria-live="polite" aria-atomic="true">
              {searching ? (
                <Group gap="xs" wrap="nowrap">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{DISCOVERY_MESSAGES.searching}</Text>
                </Group>
              ) : null}
            </div>
          </Group>
        </Stack>
      </Form>
    </Paper>
  )
}
