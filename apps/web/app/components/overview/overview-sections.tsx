import { Avatar, Badge, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import type { AssignmentItem, OverviewSection } from '@meridian/core'
import type { RoleName } from '@meridian/auth/permissions'
import { ROLE_COLORS } from '../shell/role-colors.ts'
import { timeAgo } from '../shell/time-ago.ts'
import classes from './overview.module.css'
import { quizStatus, quizTypeLabel } from './quiz-status.ts'
import { EmptyState, SectionCard } from './section-card.tsx'
import { TripPlanningSection } from './trip-planning-section.tsx'
import { CommunicationHub, TripManagement } from './work-sections.tsx'

type Section<I extends OverviewSection['id']> = Extract<OverviewSection, { id: I }>

/** The anchored sections of the overview the role's sidebar links to, in the sidebar's order. */
/** Which of the sections' own screens the user may open (a link is only offered to those it opens for). */
export interface SectionLinks {
  customers: boolean
}

export function OverviewSections({ sections, now, links }: { sections: OverviewSection[]; now: Date; links: SectionLinks }) {
  if (!sections.length) return null
  return (
    <SimpleGrid cols={sections.length === 1 ? 1 : { base: 1, md: 2 }} spacing="lg">
      {sections.map((section) => (
        <OneSection key={section.id} section={section} now={now} links={links} />
      ))}
    </SimpleGrid>
  )
}

function OneSection({ section, now, links }: { section: OverviewSection; now: Date; links: SectionLinks }) {
  switch (section.id) {
    case 'trip-management':
      return <TripManagement section={section} />
    case 'communication-hub':
      return <CommunicationHub section={section} now={now} />
    case 'assignment-queue':
      return <AssignmentQueue section={section} now={now} />
    case 'expert-assignments':
      return (
        <SectionCard
          id={section.id}
          title="Expert Assignments"
          description="Travelers matched with an expert, newest first."
          action={{ to: '/dashboard/assignments', label: 'Open Trip Assignments' }}
        >
          {section.items.length ? (
            <AssignmentList items={section.items} now={now} showExpert />
          ) : (
            <EmptyState
              title="No experts assigned yet"
              hint="When a specialist matches a traveler with an expert, it shows here."
            />
          )}
        </SectionCard>
      )
    case 'trip-planning':
      return <TripPlanningSection section={section} now={now} />
    case 'quiz-review':
      return <QuizReview section={section} now={now} />
    case 'customer-profiles':
      return <CustomerProfiles section={section} now={now} open={links.customers} />
    case 'analytics':
      return <Analytics section={section} />
  }
}

function Person({ name, username, sub }: { name: string; username: string; sub?: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar size={32} radius="xl" color="teal" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          @{username}
          {sub ? <> · {sub}</> : null}
        </Text>
      </div>
    </Group>
  )
}

function AssignmentList({ items, now, showExpert }: { items: AssignmentItem[]; now: Date; showExpert?: boolean }) {
  return (
    <div>
      {items.map((item) => (
        <Group key={item.quiz_id} className={classes.row} justify="space-between" wrap="nowrap" gap="sm">
          <Person
            name={item.traveler?.name ?? 'Former traveler'}
            username={item.traveler?.username ?? 'deleted'}
            sub={showExpert && item.expert ? `with ${item.expert.name}` : undefined}
          />
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {item.reviewed_at ? `Reviewed ${timeAgo(item.reviewed_at, now)}` : 'Not reviewed'}
          </Text>
        </Group>
      ))}
    </div>
  )
}

function AssignmentQueue({ section, now }: { section: Section<'assignment-queue'>; now: Date }) {
  const mine = section.scope === 'mine'
  return (
    <SectionCard
      id={section.id}
      title="Assignment Queue"
      description={
        mine ? 'Travelers matched to you by a specialist.' : 'Reviewed travelers still waiting for an expert.'
      }
      action={{ to: '/dashboard/assignments', label: 'Open Trip Assignments' }}
    >
      {section.items.length ? (
        <AssignmentList items={section.items} now={now} />
      ) : (
        <EmptyState
          title={mine ? 'No travelers assigned to you yet' : 'Nobody is waiting for an expert'}
          hint={
            mine
              ? 'Specialists match travelers with you after reviewing their quiz.'
              : 'Reviewed quizzes without an expert will queue here.'
          }
        />
      )}
    </SectionCard>
  )
}

function QuizReview({ section, now }: { section: Section<'quiz-review'>; now: Date }) {
  return (
    <SectionCard
      id={section.id}
      title="Quiz Review"
      description="The newest quizzes awaiting a specialist."
      badge={
        <Badge color="orange" variant="dot" radius="sm" data-testid="quiz-review-pending">
          {section.pending} pending
        </Badge>
      }
      action={{ to: '/dashboard/quiz-reviews', label: 'Open Quiz Reviews' }}
    >
      {section.items.length ? (
        <div>
          {section.items.map((quiz) => (
            <Group key={quiz.id} className={classes.row} justify="space-between" wrap="nowrap" gap="sm">
              <Person
                name={quiz.traveler?.name ?? 'Guest'}
                username={quiz.traveler?.username ?? 'unknown'}
                sub={[quiz.travel_style, quiz.group_size].filter(Boolean).join(', ')}
              />
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <Badge variant="outline" color="gray" radius="sm" size="sm">
                  {quizTypeLabel(quiz.quiz_type)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {timeAgo(quiz.submitted_at, now)}
                </Text>
              </Stack>
            </Group>
          ))}
        </div>
      ) : (
        <EmptyState title="No quizzes awaiting review" hint="New onboarding quizzes from travelers will appear here." />
      )}
    </SectionCard>
  )
}

function CustomerProfiles({ section, now, open }: { section: Section<'customer-profiles'>; now: Date; open: boolean }) {
  return (
    <SectionCard
      id={section.id}
      title="Customer Profiles"
      description={`${section.total.toLocaleString('en-US')} ${
        section.total === 1 ? 'traveler' : 'travelers'
      } on the platform; the newest first.`}
      // Experts see the newest travelers here, but Customer Profiles is for specialists and admins.
      action={open ? { to: '/dashboard/customers', label: 'All customers' } : undefined}
    >
      {section.items.length ? (
        <div>
          {section.items.map((customer) => {
            const status = quizStatus(customer.quiz_status)
            return (
              <Group key={customer.id} className={classes.row} justify="space-between" wrap="nowrap" gap="sm">
                <Person
                  name={customer.name}
                  username={customer.username}
                  sub={[customer.location, `joined ${timeAgo(customer.date_joined, now)}`].filter(Boolean).join(' · ')}
                />
                <Badge color={status.color} variant="dot" radius="sm" style={{ flexShrink: 0 }}>
                  {status.label}
                </Badge>
              </Group>
            )
          })}
        </div>
      ) : (
        <EmptyState title="No travelers yet" hint="Travelers who join the platform will appear here." />
      )}
    </SectionCard>
  )
}

function Analytics({ section }: { section: Section<'analytics'> }) {
  const figures = [
    { label: 'Total users', value: section.total_users },
    { label: 'Active users', value: section.active_users },
    { label: 'Joined this week', value: section.joined_last_7_days },
    { label: 'Quizzes submitted', value: section.quizzes_submitted },
  ]
  const total = Math.max(section.total_users, 1)
  return (
    <SectionCard
      id={section.id}
      title="Analytics"
      description="People on the platform by role."
      action={{ to: '/dashboard/analytics', label: 'Open Analytics' }}
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {figures.map((f) => (
            <div key={f.label}>
              <Text size="xl" fw={700}>
                {f.value.toLocaleString('en-US')}
              </Text>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Stack gap={10} data-testid="users-by-role">
          {section.by_role.map((r) => {
            const percent = Math.round((r.count / total) * 100)
            return (
              <div key={r.role}>
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm">{r.display_name}</Text>
                  <Text size="sm" c="dimmed">
                    {r.count.toLocaleString('en-US')} · {percent}%
                  </Text>
                </Group>
                <Progress
                  value={percent}
                  color={ROLE_COLORS[r.role as RoleName] ?? 'gray'}
                  size="sm"
                  radius="xl"
                  aria-label={`${r.display_name}: ${r.count} of ${section.total_users}`}
                />
              </div>
            )
          })}
        </Stack>
      </Stack>
    </SectionCard>
  )
}
