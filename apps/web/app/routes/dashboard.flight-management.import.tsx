import { Button, Code, Group, List, Stack, Text, Textarea } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { canManageFlights, DomainError, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importFlights } from '@meridian/core'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flight-management'
const COLUMNS = 'airline_code,flight_number,aircraft,from,to,departure,arrival,class,stops,price,currency,seats,amenities,rating,reviews'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  return { maxRows: IMPORT_MAX_ROWS, maxMiB: IMPORT_MAX_BYTES / 1024 / 1024 }
}

/** The schedule file (uploaded, or pasted): all its flights, or none with every problem by row. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const refused = (problems: string[], message: string | null = null) => data({ problems, message }, { status: 400 })
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_BYTES + 64 * 1024)
    return refused([], `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB.`)
  let content = ''
  try {
    const form = await request.formData()
    const file = form.get('file')
    const uploaded = file && typeof file !== 'string' && file.size > 0 ? await file.text() : ''
    content = uploaded || String(form.get('content') ?? '')
  } catch {
    return refused([], 'The upload could not be read. Please choose the file again.')
  }
  try {
    const result = await importFlights(ctx, { content })
    return backWithToast(`${BASE}${new URL(request.url).search}`, result.message)
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid') throw error
    const problems = Object.values(error.fields ?? {}).flat()
    return refused(problems, problems.length ? error.message : null)
  }
}

export default function ImportSchedule() {
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const back = `${BASE}${search}`
  return (
    <RouteModal title="Import Schedule" closeTo={back} size="56rem">
      <Stack gap="sm">
        <ErrorBanner message={failure?.message ?? null} />
        {failure?.problems.length ? (
          <List size="sm" c="red" aria-label="Problems in the file">
            {failure.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        ) : null}
        <Text size="sm">
          A CSV file with a header line naming its columns, in any order (aircraft, class, stops, amenities, rating and reviews may be left out):{' '}
          <Code>{COLUMNS}</Code>. Times are local at the airport (<Code>2026-12-01T08:30</Code>) or carry an offset. A flight that exists (same airline, flight
          number, departure and class) is updated; one bad row refuses the whole file.
        </Text>
        <Form method="post" encType="multipart/form-data" aria-label="Import schedule file">
          <Stack gap="sm">
            <label>
              <Text size="sm" fw={500} mb={4}>
                Schedule file (CSV)
              </Text>
              <input type="file" name="file" accept=".csv,text/csv,text/plain" />
            </label>
            <Textarea name="content" label="Or paste the file's text" autosize minRows={3} maxRows={10} ff="monospace" />
            <Group justify="flex-end">
              <Button component={Link} to={back} variant="default" preventScrollReset>
                Cancel
              </Button>
              <Button type="submit" loading={navigation.state === 'submitting'}>
                Import
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </RouteModal>
  )
}
