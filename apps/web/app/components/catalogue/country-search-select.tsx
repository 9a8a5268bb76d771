import { NativeSelect, Select } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { fetchWithRetry } from '@meridian/validators/fetch-retry'
import { useHydrated } from '../shell/use-hydrated.ts'

export interface CountryChoice {
  id: number
  name: string
}

/** Where the page searches active countries (the service of GET /api/suppliers/country-options/, by session). */
export const COUNTRY_SEARCH_PATH = '/resources/supplier-countries'

const option = (c: CountryChoice) => ({ value: String(c.id), label: c.name })

/**
 * The supplier form's country (2-catalogue-content.md §5: chosen by searching active countries). Without JavaScript a
 * plain select of the active countries (and the supplier's own, if it has since been made inactive); with it a
 * searchable select whose options come from the server's search as the user types. Posts `name` = the country id.
 */
export function CountrySearchSelect({
  name,
  label,
  description,
  countries,
  defaultValue,
  error,
}: {
  name: string
  label: string
  description?: string
  countries: CountryChoice[]
  defaultValue: string
  error?: string
}) {
  const hydrated = useHydrated()
  const [value, setValue] = useState<string | null>(defaultValue || null)
  const chosen = useRef(countries.find((c) => String(c.id) === defaultValue))
  const [options, setOptions] = useState(() => {
    const first = countries.slice(0, 20)
    return [...(chosen.current && !first.includes(chosen.current) ? [chosen.current] : []), ...first].map(option)
  })
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const request = useRef<AbortController>()

  useEffect(() => () => {
    clearTimeout(timer.current)
    request.current?.abort()
  }, [])

  function search(text: string) {
    clearTimeout(timer.current)
    timer.current = setTimeout(async () => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      try {
        const res = await fetchWithRetry(`${COUNTRY_SEARCH_PATH}?search=${encodeURIComponent(text.trim())}`, {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        })
        if (!res.ok) throw new Error(String(res.status))
        const found = ((await res.json()) as { countries: CountryChoice[] }).countries.map(option)
        // The chosen country stays an option, so its name still shows while other names are listed.
        const keep = chosen.current && !found.some((o) => o.value === String(chosen.current!.id)) ? [option(chosen.current)] : []
        setOptions([...keep, ...found])
        setFailed(false)
      } catch {
        if (!controller.signal.aborted) setFailed(true)
      }
    }, 200)
  }

  if (!hydrated) {
    return (
      <NativeSelect
        label={label}
        description={description}
        name={name}
        defaultValue={defaultValue}
        error={error}
        data={[{ value: '', label: 'No country' }, ...countries.map(option)]}
      />
    )
  }
  return (
    <Select
      label={label}
      description={description}
      name={name}
      value={value}
      onChange={(id, picked) => {
        setValue(id)
        chosen.current = id && picked ? { id: Number(id), name: picked.label } : undefined
      }}
      data={options}
      searchable
      clearable
      filter={({ options: all }) => all}
      onSearchChange={search}
      nothingFoundMessage={failed ? 'Could not load countries. Please try again.' : 'No active country matches.'}
      placeholder="Search active countries"
      error={error}
    />
  )
}
