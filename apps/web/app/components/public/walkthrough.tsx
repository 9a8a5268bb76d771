import { Badge, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { IconArrowRight, IconChevronLeft, IconChevronRight } from './icons.tsx'
import classes from './public.module.css'

const accent = { fill: 'var(--mantine-color-teal-6)' }
const accentSoft = { fill: 'var(--illustration-soft)' }
const blue = { fill: 'var(--mantine-color-blue-5)' }
const panel = { fill: 'var(--mantine-color-body)', stroke: 'var(--mantine-color-default-border)', strokeWidth: 2 }
const muted = { fill: 'var(--mantine-color-default-border)' }

function Frame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 320 200" className={classes.illustration} role="img" aria-label={label}>
      <rect x="0" y="0" width="320" height="200" rx="16" style={accentSoft} opacity="0.55" />
      {children}
    </svg>
  )
}

function QuizIllustration() {
  return (
    <Frame label="A quiz card with three answers, one chosen">
      <rect x="70" y="24" width="180" height="152" rx="12" style={panel} />
      <rect x="86" y="40" width="148" height="6" rx="3" style={muted} />
      <rect x="86" y="40" width="99" height="6" rx="3" style={accent} />
      <rect x="86" y="58" width="110" height="8" rx="4" style={muted} />
      {[78, 106, 134].map((y, i) => (
        <g key={y}>
          <rect x="86" y={y} width="148" height="22" rx="6" style={i === 1 ? accentSoft : panel} />
          <circle cx="99" cy={y + 11} r="5" style={i === 1 ? accent : muted} />
          <rect x="112" y={y + 8} width={i === 1 ? 80 : 64} height="6" rx="3" style={muted} />
        </g>
      ))}
    </Frame>
  )
}

function MatchIllustration() {
  return (
    <Frame label="A traveler matched with a travel expert">
      <path d="M104 100 C 140 60, 180 60, 216 100" fill="none" stroke="var(--mantine-color-teal-6)" strokeWidth="3" strokeDasharray="6 6" />
      <circle cx="80" cy="110" r="34" style={panel} />
      <circle cx="80" cy="100" r="11" style={blue} />
      <path d="M60 132 a20 16 0 0 1 40 0" style={blue} />
      <circle cx="240" cy="110" r="34" style={panel} />
      <circle cx="240" cy="100" r="11" style={accent} />
      <path d="M220 132 a20 16 0 0 1 40 0" style={accent} />
      <circle cx="160" cy="70" r="16" style={accent} />
      <path d="m153 70 5 5 9-10" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="120" y="160" width="80" height="8" rx="4" style={muted} />
    </Frame>
  )
}

function PlanIllustration() {
  return (
    <Frame label="A day-by-day itinerary">
      <rect x="60" y="22" width="200" height="156" rx="12" style={panel} />
      <rect x="60" y="22" width="200" height="28" rx="12" style={accent} />
      <rect x="76" y="33" width="60" height="6" rx="3" fill="white" />
      <line x1="88" y1="66" x2="88" y2="160" stroke="var(--mantine-color-default-border)" strokeWidth="2" />
      {[66, 98, 130].map((y, i) => (
        <g key={y}>
          <circle cx="88" cy={y + 6} r="7" style={i === 0 ? accent : i === 1 ? blue : muted} />
          <rect x="104" y={y} width={i === 1 ? 120 : 96} height="7" rx="3.5" style={muted} />
          <rect x="104" y={y + 13} width={i === 2 ? 70 : 130} height="5" rx="2.5" style={muted} opacity="0.6" />
        </g>
      ))}
    </Frame>
  )
}

function BookIllustration() {
  return (
    <Frame label="A booked ticket with a confirmation check">
      <path d="M50 60 h220 a10 10 0 0 1 10 10 v16 a14 14 0 0 0 0 28 v16 a10 10 0 0 1 -10 10 h-220 a10 10 0 0 1 -10 -10 v-16 a14 14 0 0 0 0 -28 v-16 a10 10 0 0 1 10 -10z" style={panel} />
      <line x1="200" y1="66" x2="200" y2="134" stroke="var(--mantine-color-default-border)" strokeWidth="2" strokeDasharray="5 5" />
      <rect x="66" y="78" width="70" height="8" rx="4" style={muted} />
      <rect x="66" y="96" width="110" height="12" rx="6" style={accentSoft} />
      <rect x="66" y="116" width="50" height="6" rx="3" style={muted} />
      <path d="M222 100 l18 -10 4 3 -10 9 12 0 5 -4 3 1 -4 8 4 8 -3 1 -5 -4 -12 0 10 9 -4 3 z" style={blue} />
      <circle cx="262" cy="58" r="18" style={accent} />
      <path d="m254 58 6 6 10-12" fill="none" stroke="white" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </Frame>
  )
}

/** The four steps of the product, shown by 'Watch Demo', on the landing page and on /how-it-works. */
export const WALKTHROUGH_STEPS = [
  {
    key: 'quiz',
    title: 'Take the quiz',
    body: 'Three quick questions about your travel style, your budget and who you travel with. It takes under a minute, and you can update your preferences later.',
    Illustration: QuizIllustration,
  },
  {
    key: 'match',
    title: 'Get matched with an expert',
    body: 'A travel specialist reviews your answers and pairs you with a verified travel expert who knows your kind of trip.',
    Illustration: MatchIllustration,
  },
  {
    key: 'plan',
    title: 'Plan it together',
    body: 'Your expert builds a day-by-day itinerary with you: flights, stays, activities and transfers. Chat with them to adjust anything.',
    Illustration: PlanIllustration,
  },
  {
    key: 'book',
    title: 'Book with confidence',
    body: 'Send your trip request, choose standard, priority or urgent planning, and keep every booking and payment in one place.',
    Illustration: BookIllustration,
  },
] as const

/** The walkthrough as a carousel in a modal ('Watch Demo'): one step at a time, with dots and Previous / Next. */
export function WalkthroughModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [index, setIndex] = useState(0)
  const step = WALKTHROUGH_STEPS[index]!
  const last = index === WALKTHROUGH_STEPS.length - 1
  const close = () => {
    onClose()
    setIndex(0)
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="See how Meridian works"
      size="lg"
      centered
      radius="lg"
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Close walkthrough' }}
    >
      <Stack
        gap="md"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' && !last) setIndex(index + 1)
          if (event.key === 'ArrowLeft' && index > 0) setIndex(index - 1)
        }}
      >
        <Box aria-live="polite" data-testid="walkthrough-step">
          <step.Illustration />
          <Text className={classes.eyebrow} mt="md">
            Step {index + 1} of {WALKTHROUGH_STEPS.length}
          </Text>
          <Title order={3} mt={4}>
            {step.title}
          </Title>
          <Text c="dimmed" mt={6}>
            {step.body}
          </Text>
        </Box>
        <Group justify="space-between" mt="xs">
          <Group gap={0} role="group" aria-label="Walkthrough steps">
            {WALKTHROUGH_STEPS.map((s, i) => (
              // A 24 px target around each dot (WCAG 2.2 target size); the dot is what shows.
              <UnstyledButton
                key={s.key}
                aria-label={`Go to step ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => setIndex(i)}
                style={{ minWidth: 24, height: 24, padding: '0 3px', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
              >
                <span
                  aria-hidden
                  style={{
                    display: 'block',
                    width: i === index ? 22 : 8,
                    height: 8,
                    borderRadius: 8,
                    transition: 'width 150ms ease',
                    backgroundColor: i === index ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-default-border)',
                  }}
                />
              </UnstyledButton>
            ))}
          </Group>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconChevronLeft size={16} />} disabled={index === 0} onClick={() => setIndex(index - 1)}>
              Previous
            </Button>
            {last ? (
              <Button component={Link} to="/onboarding-quiz" rightSection={<IconArrowRight size={16} />}>
                Start Your Journey
              </Button>
            ) : (
              <Button rightSection={<IconChevronRight size={16} />} onClick={() => setIndex(index + 1)}>
                Next
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  )
}

/** The same four steps laid out side by side: the 'Watch Demo' target without JavaScript, and /how-it-works. */
export function WalkthroughGrid({ detailed = false }: { detailed?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: detailed ? 2 : 4 }} spacing="lg">
      {WALKTHROUGH_STEPS.map((step, i) => (
        <Paper key={step.key} withBorder radius="lg" p="lg" className={`${classes.card} ${classes.walkthroughStep}`} id={`step-${step.key}`}>
          <step.Illustration />
          <Badge variant="light" mt="md" radius="sm">
            Step {i + 1}
          </Badge>
          <Title order={3} size="h4" mt="xs">
            {step.title}
          </Title>
          <Text c="dimmed" size="sm" mt={6}>
            {step.body}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
