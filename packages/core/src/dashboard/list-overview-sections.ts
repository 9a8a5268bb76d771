import { type AccessHolder, navigationFor, type RoleName } from '@meridian/auth'
import { sql } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { type ConversationItem, latestConversations, TRIPS_PER_STATUS, WORK_STATUSES, type WorkStatus, type WorkTrip, workTrip } from './overview-work.ts'

export * from './overview-work.ts'

/** The home dashboard's anchored sections, in the sidebar's order (1-platform-core.md §2). */
export const OVERVIEW_SECTION_IDS = [
  'trip-management',
  'assignment-queue',
  'expert-assignments',
  'trip-planning',
  'communication-hub',
  'quiz-review',
  'customer-profiles',
  'analytics',
] as const
export type OverviewSectionId = (typeof OVERVIEW_SECTION_IDS)[number]

type SQL = ReturnType<typeof sql>

const ANCHOR_PREFIX = '/dashboard/overview#'

/**
 * The sections a user may see: exactly the anchors their sidebar links to, so the menu and the page agree (both from
 * the access table, packages/auth/src/screen-access.ts). A role name stands for its default grant.
 */
export function overviewSectionsFor(who: RoleName | AccessHolder): OverviewSectionId[] {
  const anchors = new Set(
    navigationFor(who)
      .flatMap((section) => section.items)
      .filter((item) => item.to.startsWith(ANCHOR_PREFIX))
      .map((item) => item.to.slice(ANCHOR_PREFIX.length))
  )
  return OVERVIEW_SECTION_IDS.filter((id) => anchors.has(id))
}

export interface PersonRef {
  id: number
  username: string
  name: string
}

export interface AssignmentItem {
  quiz_id: number
  traveler: PersonRef | null
  expert: PersonRef | null
  reviewed_at: string | null
}

export interface QuizQueueItem {
  id: number
  quiz_type: string
  submitted_at: string
  traveler: PersonRef | null
  travel_style: string
  group_size: string
}

export interface CustomerItem extends PersonRef {
  date_joined: string
  location: string
  is_active: boolean
  quiz_status: string | null
  quiz_submitted_at: string | null
}

export interface RoleCount {
  role: string
  display_name: string
  count: number
}

export type OverviewSection =
  | {
      id: 'trip-management'
      /** An expert's own trips, or (the superadmin) every expert's and those still without one. */
      scope: 'mine' | 'all'
      /** How many trips of each status are in scope: the items are the first TRIPS_PER_STATUS of each. */
      counts: Record<WorkStatus, number>
      /** Planning, then booked, then under way; within each the soonest departure (return, when under way) first. */
      items: WorkTrip[]
    }
  | { id: 'communication-hub'; count: number; unread_total: number; items: ConversationItem[] }
  | { id: 'assignment-queue'; scope: 'mine' | 'unassigned'; items: AssignmentItem[] }
  | { id: 'expert-assignments'; items: AssignmentItem[] }
  | {
      id: 'trip-planning'
      scope: 'traveler'
      quiz: { id: number; status: string; submitted_at: string; expert: PersonRef | null } | null
    }
  | { id: 'trip-planning'; scope: 'team'; awaiting_review: number; awaiting_expert: number; matched: number }
  | { id: 'quiz-review'; pending: number; items: QuizQueueItem[] }
  | { id: 'customer-profiles'; total: number; items: CustomerItem[] }
  | {
      id: 'analytics'
      total_users: number
      active_users: number
      joined_last_7_days: number
      quizzes_submitted: number
      by_role: RoleCount[]
    }

const LIST = 5

const personJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'username', ${alias}.username, ` +
      `'name', coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)) end`
  )

const jsonList = (inner: SQL) => sql`coalesce((select json_agg(x) from (${inner}) x), '[]'::json)`

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null)
const num = (value: unknown) => Number(value ?? 0)

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

function assignment(raw: Record<string, unknown>): AssignmentItem {
  return {
    quiz_id: num(raw.quiz_id),
    traveler: (raw.traveler as PersonRef | null) ?? null,
    expert: (raw.expert as PersonRef | null) ?? null,
    reviewed_at: iso(raw.reviewed_at),
  }
}

/**
 * The overview's anchored sections the signed-in user's role may see (the anchors of its sidebar), filled from the
 * database in one statement whatever the data size: counts and the first few rows of each list; the Communication Hub
 * from chat's own listing beside it (a few statements more, as many whatever the number of conversations). `now`
 * dates the trips' next steps. Reads only.
 */
export async function listOverviewSections(ctx: ServiceContext, now = new Date()): Promise<OverviewSection[]> {
  const actor = requireActor(ctx)
  const today = now.toISOString().slice(0, 10)
  const visible = overviewSectionsFor(actor)
  const me = actor.id
  const traveler = actor.role === 'traveler'
  const columns: SQL[] = []
  const want = (id: OverviewSectionId) => visible.includes(id)

  // Lists take their few newest rows first and only then look up the people in them.
  const assignments = (where: SQL) =>
    jsonList(sql`
      select q.id as quiz_id, q.reviewed_at, ${personJson('t')} as traveler, ${personJson('e')} as expert
      from (select id, user_id, expert_assignment, reviewed_at from quiz_submissions where ${where}
            order by reviewed_at desc nulls last, id desc limit ${LIST}) q
      left join users t on t.id = q.user_id left join users e on e.id = q.expert_assignment
      order by q.reviewed_at desc nulls last, q.id desc`)
  if (want('assignment-queue')) {
    const where =
      actor.role === 'expert' ? sql`expert_assignment = ${me}` : sql`status = 'reviewed' and expert_assignment is null`
    columns.push(sql`${assignments(where)} as assignment_queue`)
  }
  if (want('expert-assignments')) {
    columns.push(sql`${assignments(sql`expert_assignment is not null`)} as expert_assignments`)
  }
  if (want('trip-planning')) {
    if (traveler) {
      columns.push(sql`(select json_build_object('id', q.id, 'status', q.status, 'submitted_at', q.submitted_at, 'expert', ${personJson(
        'e'
      )})
        from quiz_submissions q left join users e on e.id = q.expert_assignment
        where q.user_id = ${me} order by q.submitted_at desc, q.id desc limit 1) as my_quiz`)
    } else {
      columns.push(sql`(select json_build_object(
          'awaiting_review', count(*) filter (where status = 'awaiting_specialist'),
          'awaiting_expert', count(*) filter (where status = 'reviewed' and expert_assignment is null),
          'matched', count(*) filter (where expert_assignment is not null))
        from quiz_submissions) as pipeline`)
    }
  }
  if (want('trip-management')) {
    // Each status's few soonest trips (an expert's own, everyone's for the superadmin), then their people and newest
    // itinerary (from itineraries_trip_idx), and one grouped count.
    const scope = actor.role === 'expert' ? sql`expert_id = ${me}` : sql`true`
    const firstOf = (status: WorkStatus) =>
      sql`(select id, title, status, start_date, end_date, traveler_id, expert_id from trips where ${scope} and status = ${status}
           order by ${status === 'active' ? sql`end_date` : sql`start_date`}, id limit ${TRIPS_PER_STATUS})`
    columns.push(sql`${jsonList(sql`
      select tr.id, tr.title, tr.status, tr.start_date, tr.end_date, ${personJson('t')} as traveler, ${personJson('e')} as expert,
             it.id as itinerary_id, it.status as itinerary_status
      from (${sql.join(
        WORK_STATUSES.map(firstOf),
        sql` union all `,
      )}) tr
      left join users t on t.id = tr.traveler_id left join users e on e.id = tr.expert_id
      left join lateral (select id, status from itineraries where trip_id = tr.id order by updated_at desc, id desc limit 1) it on true
      order by case tr.status when 'planning' then 0 when 'booked' then 1 else 2 end,
               case when tr.status = 'active' then tr.end_date else tr.start_date end, tr.id`)} as trips`)
    columns.push(sql`(select coalesce(json_object_agg(status, n), '{}'::json) from (select status, count(*)::int as n from trips
        where ${scope} and status in ('planning', 'booked', 'active') group by status) c) as trip_counts`)
  }
  if (want('quiz-review')) {
    columns.push(sql`(select count(*) from quiz_submissions where status = 'awaiting_specialist') as quiz_pending`)
    columns.push(
      sql`${jsonList(sql`
      select q.id, q.quiz_type, q.submitted_at, q.quiz_data ->> 'travel_style' as travel_style,
             q.quiz_data ->> 'group_size' as group_size, ${personJson('t')} as traveler
      from (select id, user_id, quiz_type, submitted_at, quiz_data from quiz_submissions
            where status = 'awaiting_specialist' order by submitted_at desc, id desc limit ${LIST}) q
      left join users t on t.id = q.user_id
      order by q.submitted_at desc, q.id desc`)} as quiz_queue`
    )
  }
  if (want('customer-profiles') || want('analytics')) {
    // Head counts from user_counts (kept by triggers), the week's newcomers from a range of users_joined_idx:
    // neither reads every account.
    columns.push(
      sql`${jsonList(sql`
      select r.name as role, r.display_name, coalesce(c.count, 0) as count, coalesce(c.active, 0) as active,
             coalesce(j.joined, 0) as joined
      from roles r
      left join (select role_id, sum(count) as count, sum(count) filter (where is_active) as active
                 from user_counts group by role_id) c on c.role_id = r.id
      left join (select role_id, count(*) as joined from users
                 where date_joined >= now() - interval '7 days' group by role_id) j on j.role_id = r.id
      order by r.id`)} as by_role`
    )
  }
  if (want('customer-profiles')) {
    // The newest few travelers first (accounts are created as people join, so by id: a walk down the primary key
    // that stops after a few rows), then each one's latest quiz: the lateral lookup runs for those rows only.
    columns.push(
      sql`${jsonList(sql`
      select u.id, u.username, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name,
             u.date_joined, u.is_active, concat_ws(', ', nullif(u.city, ''), nullif(u.country, '')) as location,
             lq.status as quiz_status, lq.submitted_at as quiz_submitted_at
      from (select * from users where role_id = (select id from roles where name = 'traveler')
            order by id desc limit ${LIST}) u
      left join lateral (select status, submitted_at from quiz_submissions where user_id = u.id
                         order by submitted_at desc, id desc limit 1) lq on true
      order by u.id desc`)} as customers`
    )
  }
  if (want('analytics')) {
    columns.push(sql`(select count(*) from quiz_submissions) as quizzes_total`)
  }

  const [row, chat] = await Promise.all([
    (async () => {
      if (!columns.length) return {} as Record<string, unknown>
      const result = await ctx.db.execute(sql`select ${sql.join(columns, sql`, `)}`)
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
      return rows[0] ?? {}
    })(),
    // Chat's own listing, with its permission check and unread counts.
    want('communication-hub') ? latestConversations(ctx) : null,
  ])

  const byRole = json<Record<string, unknown>[]>(row.by_role ?? []).map((r) => ({
    role: String(r.role),
    display_name: String(r.display_name),
    count: num(r.count),
    active: num(r.active),
    joined: num(r.joined),
  }))

  return visible.map((id): OverviewSection => {
    switch (id) {
      case 'trip-management': {
        const counts = json<Record<string, unknown>>(row.trip_counts ?? {})
        return {
          id,
          scope: actor.role === 'expert' ? 'mine' : 'all',
          counts: Object.fromEntries(WORK_STATUSES.map((s) => [s, num(counts[s])])) as Record<WorkStatus, number>,
          items: json<Record<string, unknown>[]>(row.trips ?? []).map((t) => workTrip(t, today)),
        }
      }
      case 'communication-hub':
        return { id, ...(chat ?? { count: 0, unread_total: 0, items: [] }) }
      case 'assignment-queue':
        return {
          id,
          scope: actor.role === 'expert' ? 'mine' : 'unassigned',
          items: json<Record<string, unknown>[]>(row.assignment_queue).map(assignment),
        }
      case 'expert-assignments':
        return { id, items: json<Record<string, unknown>[]>(row.expert_assignments).map(assignment) }
      case 'trip-planning': {
        if (traveler) {
          const quiz = json<Record<string, unknown> | null>(row.my_quiz)
          return {
            id,
            scope: 'traveler',
            quiz: quiz
              ? {
                  id: num(quiz.id),
                  status: String(quiz.status),
                  submitted_at: iso(quiz.submitted_at)!,
                  expert: (quiz.expert as PersonRef | null) ?? null,
                }
              : null,
          }
        }
        const p = json<Record<string, unknown> | null>(row.pipeline) ?? {}
        return {
          id,
          scope: 'team',
          awaiting_review: num(p.awaiting_review),
          awaiting_expert: num(p.awaiting_expert),
          matched: num(p.matched),
        }
      }
      case 'quiz-review':
        return {
          id,
          pending: num(row.quiz_pending),
          items: json<Record<string, unknown>[]>(row.quiz_queue).map((q) => ({
            id: num(q.id),
            quiz_type: String(q.quiz_type),
            submitted_at: iso(q.submitted_at)!,
            traveler: (q.traveler as PersonRef | null) ?? null,
            travel_style: String(q.travel_style ?? ''),
            group_size: String(q.group_size ?? ''),
          })),
        }
      case 'customer-profiles':
        return {
          id,
          total: byRole.find((r) => r.role === 'traveler')?.count ?? 0,
          items: json<Record<string, unknown>[]>(row.customers).map((c) => ({
            id: num(c.id),
            username: String(c.username),
            name: String(c.name),
            date_joined: iso(c.date_joined)!,
            location: String(c.location ?? ''),
            is_active: Boolean(c.is_active),
            quiz_status: (c.quiz_status as string | null) ?? null,
            quiz_submitted_at: iso(c.quiz_submitted_at),
          })),
        }
      case 'analytics':
        return {
          id,
          total_users: byRole.reduce((sum, r) => sum + r.count, 0),
          active_users: byRole.reduce((sum, r) => sum + r.active, 0),
          joined_last_7_days: byRole.reduce((sum, r) => sum + r.joined, 0),
          quizzes_submitted: num(row.quizzes_total),
          by_role: byRole.map(({ role, display_name, count }) => ({ role, display_name, count })),
        }
    }
  })
}
