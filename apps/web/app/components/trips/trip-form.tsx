import { Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'

export const TRIP_FIELDS = ['title', 'start_date', 'end_date', 'description', 'travelers', 'budget_total'] as const
export type TripFormValues = Record<(typeof TRIP_FIELDS)[number], string>

export const EMPTY_TRIP: TripFormValues = { title: '', start_date: '', end_date: '', description: '', travelers: '1', budget_total: '0' }

export function pickTripFields(values: Record<string, string>, base: TripFormValues = EMPTY_TRIP): TripFormValues {
  return Object.fromEntries(TRIP_FIELDS.map((k) => [k, values[k] ?? base[k]])) as TripFormValues
}

/**
 * Create New Trip (Trip Title, Start Date, End Date) and Edit Trip (those, the description, travelers and budget):
 * a plain form post, the same with JavaScript on.
 */
export function TripForm({
  values,
  fields,
  message,
  busy,
  submitLabel,
  back,
  full,
}: {
  values: TripFormValues
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  back: string
  /** Edit Trip shows every editable field; Create New Trip the three of the spec. */
  full: boolean
}) {
  return (
    <Form method="post" noValidate aria-label="Trip">
      <input type="hidden" name="back" value={back} />
      <Stack gap="sm">
        <ErrorBanner message={message ?? null} />
        <TextInput name="title" label="Trip Title" required defaultValue={values.title} error={fieldError(fields, 'title')} maxLength={200} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" name="start_date" label="Start Date" required defaultValue={values.start_date} error={fieldError(fields, 'start_date')} />
          <TextInput type="date" name="end_date" label="End Date" required defaultValue={values.end_date} error={fieldError(fields, 'end_date')} />
        </SimpleGrid>
        {full ? (
          <>
            <Textarea name="description" label="Description" autosize minRows={2} defaultValue={values.description} error={fieldError(fields, 'description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput name="travelers" label="Travellers" min={1} max={100} allowDecimal={false} defaultValue={values.travelers} error={fieldError(fields, 'travelers')} />
              <TextInput name="budget_total" label="Total budget (USD)" inputMode="decimal" defaultValue={values.budget_total} error={fieldError(fields, 'budget_total')} />
            </SimpleGrid>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
