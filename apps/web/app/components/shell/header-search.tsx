import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { Form, useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { loader as searchLoader } from '../../routes/resources.search.tsx'
import { IconSearch } from './icons.tsx'

export const SEARCH_PLACEHOLDER = 'Search trips, customers, destinations...'
/** The kind of each hit, as the dropdown and /dashboard/search label it. */
export const TYPE_LABELS = { page: 'Page', user: 'User', quiz: 'Quiz', activity: 'Activity', destination: 'Destination', location: 'Place', accommodation: 'Stay' } as const

/**
 * The header search. It is a GET form to /dashboard/search (JavaScript off, or Enter without a highlighted
 * result); with JavaScript the server's results appear in a dropdown while typing.
 */
export function HeaderSearch() {
  const fetcher = useFetcher<typeof searchLoader>({ key: 'header-search' })
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [query] = useDebouncedValue(value.trim(), 250)
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const input = useRef<HTMLInputElement>(null)

  // Words typed before the page finished loading are in the field but not yet in state.
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed) {
      setValue(typed)
      if (document.activeElement === input.current) combobox.openDropdown()
    }
    // Once, on hydration.
  }, [])

  useEffect(() => {
    if (query.length >= 2) fetcher.load(`/resources/search?q=${encodeURIComponent(query)}`)
    // Only the query drives this: the fetcher object changes identity with every state change.
  }, [query])

  const result = fetcher.data && fetcher.data.q === query ? fetcher.data : null
  const showDropdown = value.trim().length >= 2

  return (
    <Form method="get" action="/dashboard/search" role="search" onSubmit={() => combobox.closeDropdown()}>
      <Combobox
        store={combobox}
        onOptionSubmit={(url) => {
          combobox.closeDropdown()
          setValue('')
          navigate(url)
        }}
      >
        <Combobox.Target>
          <TextInput
            ref={input}
            type="search"
            name="q"
            aria-label="Search"
            placeholder={SEARCH_PLACEHOLDER}
            autoComplete="off"
            maxLength={100}
            value={value}
            leftSection={<IconSearch size={16} />}
            rightSection={fetcher.state === 'loading' ? <Loader size={14} /> : null}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              combobox.openDropdown()
              combobox.updateSelectedOptionIndex()
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showDropdown}>
          <Combobox.Options aria-label="Search results">
            {!result ? (
              <Combobox.Empty>Searching...</Combobox.Empty>
            ) : result.hits.length === 0 ? (
              <Combobox.Empty>No results for “{result.q}”</Combobox.Empty>
            ) : (
              result.hits.map((hit) => (
                <Combobox.Option key={`${hit.type}:${hit.id}`} value={hit.url}>
                  <Group gap="sm" wrap="nowrap" justify="space-between">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {hit.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {hit.subtitle}
                      </Text>
                    </div>
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {TYPE_LABELS[hit.type]}
                    </Badge>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
          {result ? (
            <Combobox.Footer>
              <Text size="xs" c="dimmed">
                Press Enter to see all results
              </Text>
            </Combobox.Footer>
          ) : null}
        </Combobox.Dropdown>
      </Combobox>
    </Form>
  )
}
