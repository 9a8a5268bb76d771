import { Avatar, Badge, Box, Button, Container, Grid, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { ONBOARDING_QUESTIONS } from '@meridian/validators'
import {
  IconArrowRight,
  IconCheck,
  IconPlayerPlay,
  IconShield,
  IconSparkles,
  IconStar,
  IconUserCheck,
  IconWorld,
} from './icons.tsx'
import classes from './public.module.css'
import { WalkthroughGrid, WalkthroughModal } from './walkthrough.tsx'

function HeroGlobe() {
  return (
    <svg viewBox="0 0 400 400" className={classes.illustration} role="img" aria-label="A globe with a flight route between two places">
      <defs>
        <linearGradient id="globe-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-teal-4)" />
          <stop offset="1" stopColor="var(--mantine-color-blue-6)" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="200" r="150" fill="url(#globe-fill)" opacity="0.92" />
      <g fill="none" stroke="white" strokeOpacity="0.45" strokeWidth="1.5">
        <ellipse cx="200" cy="200" rx="150" ry="55" />
        <ellipse cx="200" cy="200" rx="150" ry="110" />
        <ellipse cx="200" cy="200" rx="55" ry="150" />
        <ellipse cx="200" cy="200" rx="110" ry="150" />
        <line x1="50" y1="200" x2="350" y2="200" />
        <line x1="200" y1="50" x2="200" y2="350" />
      </g>
      <path d="M110 250 C 150 120, 260 100, 300 170" fill="none" stroke="white" strokeWidth="3" strokeDasharray="7 7" strokeLinecap="round" />
      <circle cx="110" cy="250" r="9" fill="white" />
      <circle cx="110" cy="250" r="4" fill="var(--mantine-color-teal-7)" />
      <circle cx="300" cy="170" r="9" fill="white" />
      <circle cx="300" cy="170" r="4" fill="var(--mantine-color-blue-7)" />
      <g transform="translate(196 118) rotate(18)">
        <path d="M0 -14 l4 10 12 5 v4 l-12 -2 -2 9 4 3 v3 l-6 -2 -6 2 v-3 l4 -3 -2 -9 -12 2 v-4 l12 -5z" fill="white" />
      </g>
    </svg>
  )
}

function TrustRow() {
  return (
    <Group gap="lg" mt="xl" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Avatar.Group spacing="sm">
          {['teal', 'blue', 'grape'].map((color) => (
            <Avatar key={color} size="sm" radius="xl" color={color} variant="filled" aria-hidden="true">
              <IconUserCheck size={14} />
            </Avatar>
          ))}
        </Avatar.Group>
        <Text size="sm" fw={600}>
          10,000+ happy travelers
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box c="yellow.6" style={{ display: 'inline-flex' }}>
          <IconStar size={18} fill="currentColor" />
        </Box>
        <Text size="sm" fw={600}>
          4.9/5 rating
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box c="teal.7" style={{ display: 'inline-flex' }}>
          <IconShield size={18} />
        </Box>
        <Text size="sm" fw={600}>
          Secure & trusted
        </Text>
      </Group>
    </Group>
  )
}

export function Hero() {
  const [demo, setDemo] = useState(false)
  return (
    <Box className={classes.hero}>
      <Container size="lg">
        <Grid gutter={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Badge size="lg" variant="light" radius="xl" leftSection={<IconSparkles size={14} />} tt="none">
              AI-Powered Travel Planning
            </Badge>
            <Title order={1} className={classes.heroTitle} mt="lg">
              Your next journey, planned with a <span className={classes.gradientText}>verified travel expert</span>
            </Title>
            <Text size="lg" c="dimmed" mt="lg" maw={560}>
              Tell us how you like to travel. We match you with an expert who designs your day-by-day itinerary, then
              book flights, stays and activities in one place.
            </Text>
            <Group mt={32} gap="sm">
              <Button component={Link} to="/onboarding-quiz" size="lg" rightSection={<IconArrowRight size={18} />}>
                Start Your Journey
              </Button>
              {/* Without JavaScript the link scrolls to the walkthrough section below. */}
              <Button
                component="a"
                href="#walkthrough"
                size="lg"
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={(event: React.MouseEvent) => {
                  event.preventDefault()
                  setDemo(true)
                }}
              >
                Watch Demo
              </Button>
            </Group>
            <TrustRow />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="sm">
            <Box maw={420} mx="auto">
              <HeroGlobe />
            </Box>
          </Grid.Col>
        </Grid>
      </Container>
      <WalkthroughModal opened={demo} onClose={() => setDemo(false)} />
    </Box>
  )
}

const FEATURES = [
  {
    title: 'AI-Powered Matching',
    body: 'Your answers point to the destinations, trip style and budget band that fit you, and to the experts who plan that kind of trip.',
    icon: IconSparkles,
  },
  {
    title: 'Expert Curation',
    body: 'Verified travel experts design each itinerary by hand and a specialist reviews every match, so nothing is left to chance.',
    icon: IconUserCheck,
  },
  {
    title: 'Global Network',
    body: 'Suppliers, stays, activities and transfers around the world, with prices shown in your own currency.',
    icon: IconWorld,
  },
] as const

export function Features() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb={48}>
          <Text className={classes.eyebrow}>Why us</Text>
          <Title order={2} id="features-title" size="h1">
            Why Choose Meridian Travel?
          </Title>
          <Text c="dimmed" maw={600}>
            Technology does the sorting; people you can talk to do the planning.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {FEATURES.map(({ title, body, icon: Icon }) => (
            <Paper key={title} withBorder radius="lg" p="xl" className={classes.card}>
              <span className={classes.iconTile}>
                <Icon size={24} />
              </span>
              <Title order={3} size="h4" mt="lg">
                {title}
              </Title>
              <Text c="dimmed" mt="sm">
                {body}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}

export function WalkthroughSection() {
  return (
    <Box component="section" id="walkthrough" className={classes.sectionAlt} aria-labelledby="walkthrough-title" style={{ scrollMarginTop: 64 }}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb={48}>
          <Text className={classes.eyebrow}>How it works</Text>
          <Title order={2} id="walkthrough-title" size="h1">
            From first answer to boarding pass
          </Title>
        </Stack>
        <WalkthroughGrid />
      </Container>
    </Box>
  )
}

const BENEFITS = [
  'Personalized destination recommendations',
  'Expert matching based on style',
  'Customized itinerary suggestions',
  'Budget optimization',
] as const

// The teaser shows a real question of the quiz (the last one), so its words never drift from the quiz itself.
const SAMPLE_INDEX = ONBOARDING_QUESTIONS.length - 1
const SAMPLE = ONBOARDING_QUESTIONS[SAMPLE_INDEX]!
const SAMPLE_CHOSEN = SAMPLE.options[1]
// The card is a static mock: it reads 'Question 3 of 8' as the specification has it (1-platform-core.md, Landing page).
const MOCK_STEP = 3
const MOCK_TOTAL = 8
const MOCK_PROGRESS = `Question ${MOCK_STEP} of ${MOCK_TOTAL}`

export function QuizTeaser() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="quiz-teaser-title">
      <Container size="lg">
        <Grid gutter={48} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Text className={classes.eyebrow}>Three questions, one minute</Text>
            <Title order={2} id="quiz-teaser-title" size="h1" mt="xs">
              Discover Your Travel DNA
            </Title>
            <Text c="dimmed" mt="md" maw={520}>
              Our short onboarding quiz learns your travel style, budget and company. Your answers unlock:
            </Text>
            <List
              mt="lg"
              spacing="sm"
              icon={
                <ThemeIcon size={24} radius="xl" variant="light">
                  <IconCheck size={14} strokeWidth={2.6} />
                </ThemeIcon>
              }
            >
              {BENEFITS.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
            <Button component={Link} to="/onboarding-quiz" size="md" mt={32} rightSection={<IconArrowRight size={16} />}>
              Take the Quiz Now
            </Button>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="lg" p="xl" shadow="md" maw={460} mx="auto" data-testid="sample-question">
              <Group justify="space-between">
                <Text size="sm" fw={600} c="dimmed">
                  {MOCK_PROGRESS}
                </Text>
                <Badge variant="light">Sample</Badge>
              </Group>
              <Progress value={(MOCK_STEP / MOCK_TOTAL) * 100} mt="sm" size="sm" aria-label={MOCK_PROGRESS} />
              <Title order={3} size="h4" mt="lg">
                {SAMPLE.question}
              </Title>
              <Stack gap="xs" mt="md" component="ul" style={{ listStyle: 'none', padding: 0 }}>
                {SAMPLE.options.map((option) => (
                  <li key={option} className={classes.sampleOption} data-selected={option === SAMPLE_CHOSEN || undefined}>
                    <Box
                      component="span"
                      w={16}
                      h={16}
                      style={{
                        borderRadius: '50%',
                        flex: 'none',
                        border: `2px solid ${option === SAMPLE_CHOSEN ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-default-border)'}`,
                        boxShadow: option === SAMPLE_CHOSEN ? 'inset 0 0 0 3px var(--mantine-color-body), inset 0 0 0 8px var(--mantine-color-teal-6)' : undefined,
                      }}
                    />
                    {option}
                  </li>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  )
}
