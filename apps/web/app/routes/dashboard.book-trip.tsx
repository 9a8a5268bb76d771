import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { mayOpen } from '@meridian/auth/screen-access'
import { earliestStartDate, getTripDraft, postWizardStep, wizardDestinations, wizardLocations } from '@meridian/core'
import { TRIP_REQUEST_LIST_FIELDS } from '@meridian/validators'
import { TRIP_MESSAGES } from '@meridian/core/messages'
import { WIZARD_STEPS } from '@meridian/validators/trip-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { BudgetStep, DestinationStep, DetailsStep, PreferencesStep, stepComplete, TravelersStep, type WizardValues } from '../components/trips/wizard-steps.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Book Trip · Meridian Travel' }]

const BASE = '/dashboard/book-trip'
const STEP_TITLES = ['Where and when', 'Who is travelling', 'What you enjoy', 'Budget', 'Final details']

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/book-trip')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const q = url.searchParams.get('q') ?? ''
  const draft = await getTripDraft(ctx)
  const chosen = Number.parseInt(String(draft.values.destination_id ?? ''), 10) || null
  const [destinations, places] = await Promise.all([wizardDestinations(ctx, q, chosen), wizardLocations(ctx, chosen)])
  return {
    denied: false as const,
    step: draft.step,
    values: draft.values as WizardValues,
    destinations,
    places,
    q,
    minDate: earliestStartDate(),
    submitted: url.searchParams.get('submitted') === '1',
  }
}

/** The form's fields as the draft keeps them: list fields as lists (repeated keys), the rest as text. */
function formObject(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((x): x is string => typeof x === 'string')
    out[key] = (TRIP_REQUEST_LIST_FIELDS as readonly string[]).includes(key) ? all : (all.at(-1) ?? '')
  }
  return out
}

/**
 * Every step is a form post that the wizard service takes (core postWizardStep): it keeps the draft on the server,
 * checks the step and moves on, or answers what to show. With JavaScript the same posts run without reloads.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const outcome = await postWizardStep(ctx, formObject(await request.formData()))
  if (outcome.done) return redirect(outcome.submitted ? `${BASE}?submitted=1` : BASE)
  const { status, ...failure } = outcome
  return data(failure, { status })
}

export default function BookTrip() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const [complete, setComplete] = useState<boolean | null>(null)
  const step = loaded.denied ? 0 : (failure?.step ?? loaded.step)
  useEffect(() => {
    if (formRef.current) setComplete(stepComplete(new FormData(formRef.current), step))
  }, [step, loaded])
  if (loaded.denied) return <AccessDenied message={TRIP_MESSAGES.travelersOnly} />
  const values = failure?.values ?? loaded.values
  const errors = failure?.fields
  const busy = navigation.state !== 'idle'
  const last = step === WIZARD_STEPS - 1
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <PageHeader title="Book Trip" description="Tell us about the trip you have in mind; an expert will plan it with you." />
      {loaded.submitted && !failure ? (
        <Alert color="green" title="Request sent" role="status">
          {TRIP_MESSAGES.submitted}{' '}
          <Anchor component={Link} to="/dashboard/trips">
            See it in My Trips
          </Anchor>
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>{STEP_TITLES[step]}</Text>
            <Text size="sm" c="dimmed">
              Step {step + 1} of {WIZARD_STEPS}
            </Text>
          </Group>
          <Progress value={((step + 1) / WIZARD_STEPS) * 100} aria-label={`Step ${step + 1} of ${WIZARD_STEPS}`} />
          {step === 0 ? (
            <Form method="get" role="search" aria-label="Find a destination">
              <Group align="flex-end" gap="sm">
                <TextInput name="q" label="Find a destination" placeholder="Search destinations..." defaultValue={loaded.q} style={{ flex: 1 }} />
                <Button type="submit" variant="default">
                  Search
                </Button>
              </Group>
            </Form>
          ) : null}
          <ErrorBanner message={failure?.message ?? null} />
          <Form
            method="post"
            ref={formRef}
            noValidate
            onChange={(e) => setComplete(stepComplete(new FormData(e.currentTarget), step))}
            aria-label={`Trip request, step ${step + 1} of ${WIZARD_STEPS}`}
          >
            <input type="hidden" name="step" value={step} />
            <Stack gap="md">
              {step === 0 ? (
                <DestinationStep
                  values={values}
                  errors={errors}
                  destinations={loaded.destinations}
                  places={loaded.places}
                  minDate={loaded.minDate}
                  onPick={() => {
                    // With JavaScript, choosing a destination saves it at once so its places can be offered.
                    if (!formRef.current) return
                    const fd = new FormData(formRef.current)
                    fd.set('intent', 'save')
                    submit(fd, { method: 'post', preventScrollReset: true, replace: true })
                  }}
                />
              ) : null}
              {step === 1 ? <TravelersStep values={values} errors={errors} /> : null}
              {step === 2 ? <PreferencesStep values={values} errors={errors} /> : null}
              {step === 3 ? <BudgetStep values={values} errors={errors} /> : null}
              {step === 4 ? <DetailsStep values={values} errors={errors} /> : null}
              {/* Next (or Submit) comes first, so Enter in a field moves forward; it is drawn on the right. */}
              <Group justify="space-between" mt="sm" style={{ flexDirection: 'row-reverse' }}>
                {last ? (
                  <Button type="submit" name="intent" value="submit" loading={busy}>
                    Submit
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="next" loading={busy} disabled={complete === false}>
                    Next
                  </Button>
                )}
                <Group gap="xs">
                  {step > 0 ? (
                    <Button type="submit" name="intent" value="previous" variant="default" disabled={busy}>
                      Previous
                    </Button>
                  ) : null}
                  {step === 0 ? (
                    <Button type="submit" name="intent" value="save" variant="subtle" disabled={busy}>
                      Show places
                    </Button>
                  ) : null}
                  <Button type="submit" name="intent" value="restart" variant="subtle" color="gray" disabled={busy}>
                    Start over
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Form>
        </Stack>
      </Paper>
    </Stack>
  )
}
