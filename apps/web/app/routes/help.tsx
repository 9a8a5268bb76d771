import { Anchor, Box, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconMail } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'

export const meta: MetaFunction = () => [{ title: 'Help Center · Meridian Travel' }]

const FAQS = [
  {
    q: 'How do I get started?',
    a: 'Take the three-question onboarding quiz. If you are not signed in, your answers are kept in this browser and saved to your account as soon as you sign in.',
  },
  {
    q: 'How is my travel expert chosen?',
    a: 'A travel specialist reviews your quiz answers and assigns a verified expert who plans your kind of trip. You can then chat with your expert from your dashboard.',
  },
  {
    q: 'Can I change my quiz answers later?',
    a: 'Yes. Retake the quiz at any time; your latest answers are the ones your specialist sees.',
  },
  {
    q: 'How long does planning take?',
    a: 'Standard planning is free and takes 7-14 days. Priority planning takes 2-3 days (+$99) and urgent planning 24 hours (+$299).',
  },
  {
    q: 'How do I create an account?',
    a: 'Accounts are set up by our team. Contact your administrator, or write to our support address below.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Forgot your password?" on the sign-in page: we send a reset link to the e-mail address on your account.',
  },
  {
    q: 'Where do I see my trips and bookings?',
    a: 'Sign in and open your dashboard: My Trips lists your trips, and Bookings shows what is booked.',
  },
] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  return { page }
}

export default function Help() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Help Center" title="How can we help?">
        <Text size="lg" c="dimmed">
          Answers to common questions, and a real person at the other end of our support address.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <Grid gutter="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Title order={2} size="h3" mb="md">
                Frequently asked questions
              </Title>
              {/* Native disclosure widgets: they open and close with JavaScript off too. */}
              <Stack gap="sm">
                {FAQS.map((faq) => (
                  <details key={faq.q} className={classes.faq}>
                    <summary>{faq.q}</summary>
                    <div>
                      <Text c="dimmed">{faq.a}</Text>
                    </div>
                  </details>
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="lg" p="xl">
                <Stack gap="sm">
                  <span className={classes.iconTile}>
                    <IconMail size={24} />
                  </span>
                  <Title order={2} size="h4">
                    Contact support
                  </Title>
                  <Text c="dimmed" size="sm">
                    Write to us and we will get back to you, usually within one business day.
                  </Text>
                  <Anchor href={`mailto:${page.supportEmail}`} fw={600} data-testid="support-email">
                    {page.supportEmail}
                  </Anchor>
                  <Button component={Link} to="/onboarding-quiz" variant="default" mt="sm">
                    Take the quiz
                  </Button>
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Container>
      </Box>
    </PublicShell>
  )
}
