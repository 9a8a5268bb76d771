import { Anchor, Avatar, Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { OverviewSection, WorkStatus, WorkTrip } from '@meridian/core'
import { TRIP_STATUS_COLORS, TRIP_STATUS_LABELS } from '@meridian/validators/trip-constants'
import { IconArrowRight } from '../shell/icons.tsx'
import { timeAgo } from '../shell/time-ago.ts'
import { formatRange, plural } from '../trips/format.ts'
import classes from './overview.module.css'
import { EmptyState, SectionCard } from './section-card.tsx'

type Section<I extends OverviewSection['id']> = Extract<OverviewSection, { id: I }>

/** The order of a trip's life (core's WORK_STATUSES; kept here so the browser bundle takes no server code). */
const STATUSES: WorkStatus[] = ['planning', 'booked', 'active']
/** Next steps that are late or wait on someone: said in bold. */
const URGENT = new Set(['assign_expert', 'mark_under_way', 'mark_completed', 'departs'])

/**
 * Trip Management: the trips in planning, booked and under way (an expert's own; every trip for the superadmin), a
 * few of each status, each with its next step and a link to its itinerary (or to its itineraries, where one is started).
 */
export function TripManagement({ section }: { section: Section<'trip-management'> }) {
  const all = section.scope === 'all'
  const groups = STATUSES.map((status) => ({ status, count: section.counts[status], items: section.items.filter((t) => t.status === status) })).filter(
    (g) => g.count > 0,
  )
  return (
    <SectionCard
      id={section.id}
      title="Trip Management"
      description={
        all
          ? 'Trips in planning, booked and under way across the platform, the soonest first, with what each needs next.'
          : 'Your trips in planning, booked and under way, the soonest first, with what each needs next.'
      }
      action={{ to: '/dashboard/trip-planning', label: 'Open Trip Planning' }}
    >
      {groups.length ? (
        <Stack gap="md">
          {groups.map((g) => (
            <div key={g.status} data-testid={`trips-${g.status}`}>
              <Group gap="xs" mb={4}>
                <Title order={3} size="h6" id={`trip-management-${g.status}`}>
                  {TRIP_STATUS_LABELS[g.status]}
                </Title>
                <Badge variant="light" color={TRIP_STATUS_COLORS[g.status]} aria-label={plural(g.count, 'trip', 'trips')}>
                  {g.count.toLocaleString('en-US')}
                </Badge>
              </Group>
              <ul className={classes.plainList} aria-labelledby={`trip-management-${g.status}`}>
                {g.items.map((t) => (
                  <TripRow key={t.id} trip={t} showExpert={all} />
                ))}
              </ul>
              {g.count > g.items.length ? (
                <Text size="xs" c="dimmed" mt={4}>
                  and {plural(g.count - g.items.length, 'more trip', 'more trips')} on the Trip Planning board
                </Text>
              ) : null}
            </div>
          ))}
        </Stack>
      ) : (
        <EmptyState
          title={all ? 'No trips in progress' : 'No trips in progress yet'}
          hint={
            all
              ? 'Trips in planning, booked or under way will appear here with their next step.'
              : 'Trips assigned to you will appear here, with what each one needs next.'
          }
        />
      )}
    </SectionCard>
  )
}

function TripRow({ trip, showExpert }: { trip: WorkTrip; showExpert: boolean }) {
  const step = trip.next_step
  const people = [trip.traveler ? trip.traveler.name : null, showExpert ? (trip.expert ? `Expert: ${trip.expert.name}` : 'No expert yet') : null].filter(
    Boolean,
  )
  const stepText = (
    <>
      <IconArrowRight size={12} aria-hidden="true" /> {step.text}
    </>
  )
  return (
    <li className={classes.row} data-testid="work-trip">
      <Anchor component={Link} to={trip.href} size="sm" fw={600}>
        {trip.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatRange(trip.start_date, trip.end_date)}
        {people.length ? ` · ${people.join(' · ')}` : ''}
      </Text>
      {step.href === trip.href ? (
        <Text size="sm" fw={URGENT.has(step.key) ? 600 : 400} data-testid="next-step">
          {stepText}
        </Text>
      ) : (
        <Anchor component={Link} to={step.href} size="sm" fw={600} data-testid="next-step">
          {stepText}
          <VisuallyHidden>: {trip.title}</VisuallyHidden>
        </Anchor>
      )}
    </li>
  )
}

/** "3 unread messages" (as the chat screen's badges say it). */
const unreadText = (n: number) => `${n.toLocaleString('en-US')} unread ${n === 1 ? 'message' : 'messages'}`

/**
 * Communication Hub: the signed-in user's latest conversations (chat's own listing), each with the others in it, the
 * last message's first words and time, and its unread count; each opens in Chat & Messages.
 */
export function CommunicationHub({ section, now }: { section: Section<'communication-hub'>; now: Date }) {
  return (
    <SectionCard
      id={section.id}
      title="Communication Hub"
      description={
        section.count > section.items.length
          ? `Your latest conversations, ${section.items.length} of ${section.count.toLocaleString('en-US')}.`
          : 'Your latest conversations with travelers and colleagues.'
      }
      badge={
        section.unread_total ? (
          <Badge radius="sm" data-testid="communication-unread">
            {unreadText(section.unread_total)}
          </Badge>
        ) : undefined
      }
      action={{ to: '/dashboard/chat', label: 'Open Chat & Messages' }}
    >
      {section.items.length ? (
        <ul className={classes.plainList}>
          {section.items.map((c) => {
            const who = c.participants.map((p) => p.name).join(', ') || 'Only you'
            return (
              <li key={c.id} className={classes.row} data-testid="hub-conversation">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    <Avatar size={32} radius="xl" color="teal" aria-hidden="true">
                      {(c.participants[0]?.name ?? c.title).charAt(0).toUpperCase()}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={c.href} size="sm" fw={c.unread ? 700 : 600} display="block" truncate>
                        {c.title}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate>
                        {who}
                        {c.trip && c.trip.title !== c.title ? ` · ${c.trip.title}` : ''}
                      </Text>
                      <Text size="sm" fw={c.unread ? 600 : 400} lineClamp={1} data-testid="hub-excerpt">
                        {c.last_message ? `${c.last_message.mine ? 'You: ' : ''}${c.last_message.excerpt}` : 'No messages yet'}
                      </Text>
                    </div>
                  </Group>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="xs" c="dimmed">
                      {timeAgo(c.last_message?.created_at ?? c.updated_at, now)}
                    </Text>
                    {c.unread ? (
                      <Badge size="sm" circle={c.unread < 10} data-testid="hub-unread">
                        {c.unread > 99 ? '99+' : c.unread}
                        <VisuallyHidden> {c.unread === 1 ? 'unread message' : 'unread messages'}</VisuallyHidden>
                      </Badge>
                    ) : null}
                  </Stack>
                </Group>
              </li>
            )
          })}
        </ul>
      ) : (
        <EmptyState
          title="No conversations yet"
          hint="Conversations with travelers and colleagues will appear here, with their latest message and what you have not read."
        />
      )}
    </SectionCard>
  )
}
