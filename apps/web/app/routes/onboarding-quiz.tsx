import { Alert, Box, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { DomainError, isCompleteAnswers, serviceContext, submitOnboardingQuiz } from '@meridian/core'
import { ONBOARDING_QUESTIONS } from '@meridian/validators'
import { IconArrowRight, IconChevronLeft } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'
import { useHydrated } from '../components/public/use-hydrated.ts'
import { getActor, requestInfo } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'
import {
  cleanAnswers,
  clearQuizCookieHeader,
  maySubmitQuiz,
  type QuizAnswers,
  quizCookieHeader,
  readQuizAnswers,
  storeVisitorQuiz,
} from '../utils/quiz.server.ts'

export const meta: MetaFunction = () => [{ title: 'Onboarding quiz · Meridian Travel' }]

const TOTAL = ONBOARDING_QUESTIONS.length
const CHOOSE_ANSWER = 'Please choose an answer to continue.'

/** The 1-based question number in a query or form value, kept within 1..3. */
function stepOf(value: FormDataEntryValue | string | null): number {
  const n = Number(value)
  return Number.isInteger(n) ? Math.min(Math.max(n, 1), TOTAL) : 1
}

function answerOf(answers: QuizAnswers, index: number): string | undefined {
  return (answers as Record<string, string | undefined>)[ONBOARDING_QUESTIONS[index]!.id]
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // 'Retake quiz' starts from a clean slate.
  if (url.searchParams.has('restart')) {
    throw redirect('/onboarding-quiz', { headers: { 'Set-Cookie': await clearQuizCookieHeader(context) } })
  }
  const { page } = await loadPublicPage(request, context)
  return { page, step: stepOf(url.searchParams.get('step')), answers: await readQuizAnswers(request, context) }
}

/**
 * One form post per step (JavaScript off), or one at Complete carrying every answer (JavaScript on). Answers so far
 * ride in the signed quiz cookie. At Complete a user who may submit gets a saved submission; everyone else keeps the
 * answers in the cookie (a visitor's are saved when they sign in).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const step = stepOf(form.get('step'))
  const intent = String(form.get('intent') ?? 'next')
  const posted = cleanAnswers(Object.fromEntries(ONBOARDING_QUESTIONS.map((q) => [q.id, form.get(q.id)])))
  const answers: QuizAnswers = { ...(await readQuizAnswers(request, context)), ...posted }
  const headers = new Headers({ 'Set-Cookie': await quizCookieHeader(context, answers) })

  if (intent === 'previous') throw redirect(`/onboarding-quiz?step=${Math.max(step - 1, 1)}`, { headers })
  if (!answerOf(answers, step - 1)) return data({ error: CHOOSE_ANSWER, step, answers }, { status: 400, headers })
  if (intent !== 'complete' && step < TOTAL) throw redirect(`/onboarding-quiz?step=${step + 1}`, { headers })

  const missing = ONBOARDING_QUESTIONS.findIndex((_, i) => !answerOf(answers, i))
  if (missing >= 0) throw redirect(`/onboarding-quiz?step=${missing + 1}`, { headers })

  const actor = await getActor(request, context)
  if (actor && maySubmitQuiz(actor)) {
    try {
      await submitOnboardingQuiz(serviceContext(context.app, actor, requestInfo(request)), { quiz_data: answers })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return data({ error: error.message, step, answers }, { status: 400, headers })
    }
    const saved = new Headers()
    saved.append('Set-Cookie', await clearQuizCookieHeader(context))
    saved.append('Set-Cookie', await flashHeader({ type: 'success', message: 'Your quiz answers have been saved.' }))
    throw redirect('/quiz-results', { headers: saved })
  }
  // A visitor's answers are stored now (submitted) and join the queue when they sign in or register here.
  if (!actor && isCompleteAnswers(answers)) headers.append('Set-Cookie', await storeVisitorQuiz(request, context, answers))
  throw redirect('/quiz-results', { headers })
}

export default function OnboardingQuiz() {
  const { page, step, answers } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const location = useLocation()
  return (
    <PublicShell page={page}>
      <Box className={classes.pageHead} pb={96} mih="80vh">
        <Container size="sm">
          {/* A new URL (?step=N after a post without JavaScript) starts the form from the server's state. */}
          <QuizForm key={location.key} initialStep={result?.step ?? step} initialAnswers={result?.answers ?? answers} error={result?.error} />
        </Container>
      </Box>
    </PublicShell>
  )
}

function QuizForm({ initialStep, initialAnswers, error }: { initialStep: number; initialAnswers: QuizAnswers; error?: string }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [step, setStep] = useState(initialStep)
  const [answers, setAnswers] = useState<Record<string, string | undefined>>(initialAnswers)
  const question = ONBOARDING_QUESTIONS[step - 1]!
  const chosen = answers[question.id]
  const last = step === TOTAL
  const busy = navigation.state !== 'idle'
  const percent = Math.round((step / TOTAL) * 100)
  const options = useRef<HTMLFieldSetElement>(null)

  // An option chosen before the page hydrated is in the DOM but not in the state yet: take it over.
  useEffect(() => {
    const checked = options.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')
    if (checked) setAnswers((prev) => (prev[checked.name] ? prev : { ...prev, [checked.name]: checked.value }))
  }, [])

  // With JavaScript, Previous and Next move between questions in the browser; only Complete posts.
  const move = (to: number) => (event: React.MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setStep(to)
  }

  return (
    <Stack gap="lg">
      <Stack gap={6} ta="center" align="center">
        <Text className={classes.eyebrow}>Onboarding quiz</Text>
        <Title order={1} size="h2">
          Discover Your Travel DNA
        </Title>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 36 }} shadow="sm">
        <Form method="post" replace>
          <input type="hidden" name="step" value={step} />
          {ONBOARDING_QUESTIONS.map((q, i) =>
            i !== step - 1 && answers[q.id] ? <input key={q.id} type="hidden" name={q.id} value={answers[q.id]} /> : null,
          )}
          <Group justify="space-between" mb={8}>
            <Text size="sm" fw={600} data-testid="quiz-progress-label">
              Question {step} of {TOTAL}
            </Text>
            <Text size="sm" c="dimmed">
              {percent}% complete
            </Text>
          </Group>
          <Progress value={percent} size="md" radius="xl" aria-label={`Question ${step} of ${TOTAL}`} data-testid="quiz-progress" />

          <Box component="fieldset" ref={options} mt="xl" p={0} m={0} style={{ border: 0 }}>
            <legend style={{ padding: 0, marginBottom: 'var(--mantine-spacing-lg)' }}>
              <Title order={2} size="h3">
                {question.question}
              </Title>
            </legend>
            <Stack gap="sm">
              {question.options.map((option) => (
                <label key={option} className={classes.quizOption}>
                  <input
                    type="radio"
                    name={question.id}
                    value={option}
                    checked={chosen === option}
                    onChange={() => setAnswers((prev) => ({ ...prev, [question.id]: option }))}
                    required
                    style={{ width: 18, height: 18, margin: 0, accentColor: 'var(--mantine-color-teal-7)' }}
                  />
                  <Text component="span" fw={500}>
                    {option}
                  </Text>
                </label>
              ))}
            </Stack>
          </Box>

          {error && !chosen ? (
            <Alert color="red" mt="md" role="alert">
              {error}
            </Alert>
          ) : null}

          <Group justify="space-between" mt="xl">
            <Button
              type="submit"
              name="intent"
              value="previous"
              variant="default"
              formNoValidate
              disabled={step === 1}
              leftSection={<IconChevronLeft size={16} />}
              onClick={move(step - 1)}
            >
              Previous
            </Button>
            <Button
              type="submit"
              name="intent"
              value={last ? 'complete' : 'next'}
              // Without JavaScript the button stays enabled and the required radio group asks for an answer.
              disabled={hydrated && !chosen}
              loading={last && busy}
              rightSection={<IconArrowRight size={16} />}
              onClick={last ? undefined : move(step + 1)}
            >
              {last ? 'Complete' : 'Next'}
            </Button>
          </Group>
        </Form>
      </Paper>
      <Text size="sm" c="dimmed" ta="center">
        Don't worry, you can always update your preferences later.
      </Text>
    </Stack>
  )
}
