import { Anchor, Button, Card, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { getQuizDefinition, listQuizDefinitions, submitOnboardingQuiz } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, type CatalogueFailure, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { QuizTypeIcon } from '../components/quiz/quiz-type-icon.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Travel quizzes · Meridian Travel' }]

const BASE = '/dashboard/quizzes'

/**
 * The quiz types (general, maldives, luxury, adventure) and one quiz's questions on one form (`?type=maldives`).
 * access_trip_planning: travelers, and the superadmin through '*'. Opened from Trip Planning.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/quizzes')) return data({ denied: true as const }, { status: 403 })
  const type = new URL(request.url).searchParams.get('type')
  const [quizzes, chosen] = await Promise.all([listQuizDefinitions(ctx), type ? getQuizDefinition(ctx, type) : null])
  if (type && !chosen) throw new Response('The requested quiz was not found.', { status: 404 })
  return { denied: false as const, quizzes: quizzes.map(({ quiz_type, title, description, icon }) => ({ quiz_type, title, description, icon })), chosen }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  const { quiz_type: quizType = '', intent: _intent, ...answers } = values
  try {
    const saved = await submitOnboardingQuiz(ctx, { quiz_type: quizType, quiz_data: answers })
    const definition = await getQuizDefinition(ctx, saved.quiz_type)
    return backWithToast(
      '/dashboard/trip-planning',
      `Your ${definition?.title ?? 'quiz'} answers have been saved. A travel specialist will review them shortly.`,
    )
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function QuizzesPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  const { quizzes, chosen } = loaded
  return (
    <Stack gap="lg" maw={900} mx="auto">
      <PageHeader
        title={chosen ? chosen.title : 'Travel quizzes'}
        description={chosen ? chosen.description : 'Each quiz tells your travel specialist a little more, so they can match you with the right expert.'}
      >
        <Button component={Link} to="/dashboard/trip-planning" variant="default">
          Back to Trip Planning
        </Button>
      </PageHeader>
      {chosen ? (
        <QuizForm quiz={chosen} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {quizzes.map((q) => (
            <Card key={q.quiz_type} withBorder radius="md" padding="lg" component="article" aria-labelledby={`quiz-${q.quiz_type}`}>
              <Stack gap="sm" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size="lg">
                    <QuizTypeIcon icon={q.icon} />
                  </ThemeIcon>
                  <Title order={2} size="h4" id={`quiz-${q.quiz_type}`}>
                    {q.title}
                  </Title>
                </Group>
                <Text size="sm" c="dimmed">
                  {q.description}
                </Text>
                <Anchor component={Link} to={`${BASE}?type=${q.quiz_type}`} size="sm" mt="auto" fw={600}>
                  Take the {q.title} quiz
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

interface QuizView {
  quiz_type: string
  title: string
  questions: { id: string; question: string; options: { label: string }[] }[]
}

/** Every question of the quiz on one form: it works the same with JavaScript off. */
function QuizForm({ quiz }: { quiz: QuizView }) {
  const failure = useActionData<CatalogueFailure>()
  const busy = useNavigation().state !== 'idle'
  const errorOf = (id: string) => failure?.fields[`quiz_data.${id}`]?.[0]
  return (
    <Form method="post" replace>
      <input type="hidden" name="quiz_type" value={quiz.quiz_type} />
      <Stack gap="lg">
        <ErrorBanner message={failure?.message ?? null} />
        {quiz.questions.map((q, index) => (
          <Card key={q.id} withBorder radius="md" padding="lg">
            <Radio.Group
              name={q.id}
              label={`${index + 1}. ${q.question}`}
              defaultValue={failure?.values[q.id]}
              error={errorOf(q.id)}
              styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
            >
              <Stack gap="xs" mt="xs">
                {q.options.map((o) => (
                  <Radio key={o.label} value={o.label} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Send my answers
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
