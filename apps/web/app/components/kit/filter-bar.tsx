import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, useSubmit } from '@remix-run/react'
import { useRef } from 'react'

export interface FilterSelect {
  name: string
  label: string
  value: string
  options: { value: string; label: string }[]
}

/**
 * Search and filters as a GET form: without JavaScript the Filter button applies them; with it, a select applies
 * at once and typing after a 300 ms pause (2-catalogue-content.md §9 search debounce).
 */
export function FilterBar({
  search,
  placeholder,
  selects,
  hidden,
}: {
  search: string
  placeholder: string
  selects: FilterSelect[]
  /** Filters set elsewhere (a tab) that a search keeps. */
  hidden?: Record<string, string>
}) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const apply = (form: HTMLFormElement | null, delay = 0) => {
    if (!form) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), delay)
  }
  return (
    <Form method="get" role="search" aria-label="Filters">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="search"
          label="Search"
          placeholder={placeholder}
          defaultValue={search}
          style={{ flex: '1 1 240px' }}
          onChange={(e) => apply(e.currentTarget.form, 300)}
        />
        {selects.map((s) => (
          <NativeSelect
            key={s.name}
            name={s.name}
            label={s.label}
            defaultValue={s.value}
            data={s.options}
            style={{ flex: '0 1 200px' }}
            onChange={(e) => apply(e.currentTarget.form)}
          />
        ))}
        <Button type="submit" variant="default">
          Filter
        </Button>
      </Group>
    </Form>
  )
}

/**
 * Previous / Next links over a DRF-style count. The side that does not apply is left out rather than shown disabled:
 * a link cannot be disabled without JavaScript, and greyed text fails the contrast check.
 */
export function Pager({
  page,
  pageSize,
  count,
  base,
  search,
  param = 'page',
  label = 'Pages',
}: {
  page: number
  pageSize: number
  count: number
  base: string
  search: string
  /** The query parameter holding the page: a screen with several lists gives each its own. */
  param?: string
  /** The navigation's accessible name; several pagers on one screen need distinct names. */
  label?: string
}) {
  const last = Math.max(1, Math.ceil(count / pageSize))
  if (last === 1) return null
  /** The same list with the same filters, at another page. */
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search)
    params.set(param, String(p))
    return `${base}?${params}`
  }
  return (
    <Group component="nav" justify="center" gap="sm" mt="md" aria-label={label}>
      {page > 1 ? (
        <Button component="a" href={hrefFor(Math.min(page - 1, last))} variant="default" size="xs">
          Previous
        </Button>
      ) : null}
      <span>
        Page {page} of {last}
      </span>
      {page < last ? (
        <Button component="a" href={hrefFor(page + 1)} variant="default" size="xs">
          Next
        </Button>
      ) : null}
    </Group>
  )
}
