import { Alert, Anchor, Badge, Box, Button, Container, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { getLatestOwnQuiz, isCompleteAnswers, recommendForQuiz, serviceContext } from '@meridian/core'
import { ONBOARDING_QUESTIONS } from '@meridian/validators'
import { ExpertCard } from '../components/public/expert-card.tsx'
import { IconArrowRight, IconClipboardList, IconRefresh } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'
import { ACTIVITY_LABELS, QUIZ_STATUS_LABELS, TRAVEL_STYLE_LABELS, TRIP_TYPE_LABELS, budgetText, formatDate } from '../components/public/quiz-labels.ts'
import { requestInfo } from '../utils/auth.server.ts'
import { cleanAnswers, maySubmitQuiz, readQuizAnswers } from '../utils/quiz.server.ts'

export const meta: MetaFunction = () => [{ title: 'Quiz results · Meridian Travel' }]

/**
 * saved: a signed-in traveler's latest submission. visitor: answers stored as submitted, claimed at sign-in.
 * staff: a signed-in user whose role does not submit quizzes (answers shown, not saved). unsaved: a traveler whose
 * carried answers could not be saved at sign-in. none / partial: nothing (or not everything) answered yet.
 */
type Mode = 'saved' | 'visitor' | 'staff' | 'unsaved' | 'partial' | 'none'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, actor } = await loadPublicPage(request, context)
  const submission =
    actor && maySubmitQuiz(actor) ? await getLatestOwnQuiz(serviceContext(context.app, actor, requestInfo(request))) : null
  const answers = submission ? cleanAnswers(submission.quiz_data) : await readQuizAnswers(request, context)
  const complete = isCompleteAnswers(answers)
  const answered = ONBOARDING_QUESTIONS.filter((q) => (answers as Record<string, unknown>)[q.id]).length
  const mode: Mode = submission
    ? 'saved'
    : complete
      ? !actor
        ? 'visitor'
        : maySubmitQuiz(actor)
          ? 'unsaved'
          : 'staff'
      : answered
        ? 'partial'
        : 'none'
  return {
    page,
    mode,
    answers: answers as Record<string, string | undefined>,
    nextStep: ONBOARDING_QUESTIONS.findIndex((q) => !(answers as Record<string, unknown>)[q.id]) + 1,
    submission: submission && { id: submission.id, status: submission.status, submitted_at: submission.submitted_at },
    recommendations: isCompleteAnswers(answers) ? await recommendForQuiz(context.app, answers) : null,
    registrationEnabled: context.app.config.registrationEnabled,
  }
}

function RetakeButton() {
  return (
    <Button component={Link} to="/onboarding-quiz?restart=1" variant="default" leftSection={<IconRefresh size={16} />}>
      Retake quiz
    </Button>
  )
}

function StatusNote() {
  const { mode, submission, registrationEnabled, page, answers } = useLoaderData<typeof loader>()
  if (mode === 'saved' && submission) {
    return (
      <Alert color="teal" variant="light" title="Your answers are saved" data-testid="quiz-status">
        <Group gap="xs">
          <Badge variant="filled" tt="none">
            {QUIZ_STATUS_LABELS[submission.status] ?? submission.status}
          </Badge>
          <Text size="sm">
            Submitted {formatDate(submission.submitted_at)} · reference #{submission.id}. A travel specialist reviews them and
            matches you with an expert.
          </Text>
        </Group>
      </Alert>
    )
  }
  if (mode === 'unsaved') {
    return (
      <Alert color="orange" variant="light" title="Not saved yet" data-testid="quiz-status">
        <Form method="post" action="/onboarding-quiz">
          <input type="hidden" name="step" value={ONBOARDING_QUESTIONS.length} />
          {ONBOARDING_QUESTIONS.map((q) => (
            <input key={q.id} type="hidden" name={q.id} value={answers[q.id] ?? ''} />
          ))}
          <Group gap="sm">
            <Text size="sm">These answers are not saved to your account yet.</Text>
            <Button type="submit" name="intent" value="complete" size="xs">
              Save my answers
            </Button>
          </Group>
        </Form>
      </Alert>
    )
  }
  if (mode === 'staff') {
    return (
      <Alert color="gray" variant="light" title="Not saved for your role" data-testid="quiz-status">
        Onboarding quizzes are submitted by travelers. Your answers are shown here for reference and kept in this browser
        only; they are not saved as a quiz submission.
      </Alert>
    )
  }
  return (
    <Alert color="blue" variant="light" title="Sign in to save your answers" data-testid="quiz-status">
      <Stack gap="sm">
        <Text size="sm">
          We have kept your answers for this browser (for 30 days). Sign in or create an account here and they join your
          account, ready for a travel specialist to match you with an expert.
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/login?redirectTo=%2Fquiz-results" size="xs">
            Sign In
          </Button>
          {registrationEnabled && !page.viewer ? (
            <Button component={Link} to="/register" size="xs" variant="default">
              Create an account
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  )
}

function Empty({ partial, nextStep }: { partial: boolean; nextStep: number }) {
  return (
    <Paper withBorder radius="lg" p={40} ta="center" data-testid="quiz-results-empty">
      <Stack align="center" gap="sm">
        <span className={classes.iconTile}>
          <IconClipboardList size={24} />
        </span>
        <Title order={2} size="h3">
          {partial ? 'You are part-way through the quiz' : 'You have not taken the quiz yet'}
        </Title>
        <Text c="dimmed" maw={480}>
          Three quick questions about your travel style, budget and company, and we show you what they lead to.
        </Text>
        <Button component={Link} to={partial ? `/onboarding-quiz?step=${nextStep}` : '/onboarding-quiz'} rightSection={<IconArrowRight size={16} />}>
          {partial ? 'Continue the quiz' : 'Take the Quiz Now'}
        </Button>
      </Stack>
    </Paper>
  )
}

export default function QuizResults() {
  const { page, mode, answers, recommendations, nextStep } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Quiz results" title="Your Travel DNA">
        <Text size="lg" c="dimmed">
          What your answers say about how you like to travel, and where they lead next.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          {mode === 'none' || mode === 'partial' || !recommendations ? (
            <Empty partial={mode === 'partial'} nextStep={Math.max(nextStep, 1)} />
          ) : (
            <Stack gap="xl">
              <StatusNote />
              <Grid gutter="xl">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Paper withBorder radius="lg" p="xl" h="100%">
                    <Group justify="space-between" mb="md">
                      <Title order={2} size="h4">
                        Your answers
                      </Title>
                      <RetakeButton />
                    </Group>
                    <Table verticalSpacing="sm" data-testid="quiz-answers">
                      <Table.Tbody>
                        {ONBOARDING_QUESTIONS.map((q) => (
                          <Table.Tr key={q.id}>
                            <Table.Th scope="row" fw={500} c="dimmed" w="55%">
                              {q.question}
                            </Table.Th>
                            <Table.Td fw={600}>{answers[q.id]}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Paper withBorder radius="lg" p="xl" h="100%">
                    <Title order={2} size="h4">
                      What they lead to
                    </Title>
                    <Text mt="sm">{recommendations.profile.style.summary}</Text>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg" spacing="md">
                      <Fact
                        label="Trip style"
                        value={
                          recommendations.profile.budget.travel_style
                            ? TRAVEL_STYLE_LABELS[recommendations.profile.budget.travel_style]!
                            : 'Flexible'
                        }
                        hint={
                          recommendations.profile.budget.travel_style
                            ? budgetText(recommendations.profile.budget.min_per_person, recommendations.profile.budget.max_per_person)
                            : 'Your expert suggests a budget'
                        }
                      />
                      <Fact
                        label="Trip type"
                        value={TRIP_TYPE_LABELS[recommendations.profile.group.trip_type]!}
                        hint={
                          recommendations.profile.group.travelers
                            ? `${recommendations.profile.group.travelers} traveler${recommendations.profile.group.travelers > 1 ? 's' : ''}`
                            : 'Party size when you book'
                        }
                      />
                      <Fact
                        label="Activities"
                        value={recommendations.profile.style.activities.map((a) => ACTIVITY_LABELS[a] ?? a).join(', ')}
                        hint="Suggested for your itinerary"
                      />
                    </SimpleGrid>
                  </Paper>
                </Grid.Col>
              </Grid>

              <Box>
                <Title order={2} size="h3">
                  Experts for your style
                </Title>
                <Text c="dimmed" mt={4} mb="lg">
                  A specialist confirms the match; these are the experts on Meridian whose profiles fit your answers best.
                </Text>
                {recommendations.experts.length ? (
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                    {recommendations.experts.map((expert) => (
                      <ExpertCard key={expert.id} expert={expert} />
                    ))}
                  </SimpleGrid>
                ) : (
                  <Text c="dimmed">Our experts are joining soon: a specialist will match you as soon as one fits your trip.</Text>
                )}
              </Box>

              <Paper withBorder radius="lg" p="xl" data-testid="next-steps">
                <Title order={2} size="h4">
                  Next steps
                </Title>
                {mode === 'saved' ? (
                  <>
                    <Text c="dimmed" mt={4}>
                      Request your trip now: the wizard starts from what your answers suggest.
                    </Text>
                    <Group mt="md">
                      <Button component={Link} to="/dashboard/book-trip" rightSection={<IconArrowRight size={16} />}>
                        Book Trip
                      </Button>
                      <Button component={Link} to={page.viewer?.dashboard ?? '/dashboard/overview'} variant="default">
                        Dashboard
                      </Button>
                    </Group>
                  </>
                ) : mode === 'staff' ? (
                  <Group mt="md">
                    <Button component={Link} to={page.viewer?.dashboard ?? '/dashboard/overview'}>
                      Dashboard
                    </Button>
                  </Group>
                ) : (
                  <>
                    <Text c="dimmed" mt={4}>
                      Sign in to save your answers, then request your trip from your dashboard.{' '}
                      <Anchor component={Link} to="/how-it-works" underline="always">
                        How it works
                      </Anchor>
                    </Text>
                    <Group mt="md">
                      <Button component={Link} to="/login?redirectTo=%2Fquiz-results" rightSection={<IconArrowRight size={16} />}>
                        Sign In
                      </Button>
                    </Group>
                  </>
                )}
              </Paper>
            </Stack>
          )}
        </Container>
      </Box>
    </PublicShell>
  )
}

function Fact({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Box>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fw={700} size="lg" mt={2}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Box>
  )
}
