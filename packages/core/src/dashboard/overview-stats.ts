import { sql } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'

export interface StatTile {
  key: string
  label: string
  value: string | number
  hint: string
}

type SQL = ReturnType<typeof sql>

const QUIZ_STATUS: Record<string, string> = {
  submitted: 'Submitted',
  awaiting_specialist: 'Awaiting review',
  reviewed: 'Reviewed',
}

// Each figure a tile may need. Only those of the actor's role are asked for, and figures over the same table are
// taken in one pass (count ... filter), so a traveler's tiles touch only their own rows.
// Head counts come from user_counts (kept by triggers on users): a few rows, whatever the number of accounts.
const people = sql`(select json_build_object(
    'total', coalesce(sum(c.count), 0),
    'active', coalesce(sum(c.count) filter (where c.is_active), 0),
    'staff', coalesce(sum(c.count) filter (where c.is_active and c.is_staff), 0),
    'travelers', coalesce(sum(c.count) filter (where c.is_active and r.name = 'traveler'), 0),
    'experts', coalesce(sum(c.count) filter (where c.is_active and r.name = 'expert'), 0))
  from user_counts c join roles r on r.id = c.role_id) as people`
const activeInRole = (role: string, as: string) =>
  sql.raw(`(select coalesce(sum(c.count), 0) from user_counts c join roles r on r.id = c.role_id where r.name = '${role}' and c.is_active) as ${as}`)
const expertCount = activeInRole('expert', 'experts')
const travelerCount = activeInRole('traveler', 'travelers')
const pendingQuizzes = sql`(select count(*) from quiz_submissions where status = 'awaiting_specialist') as pending_quizzes`
const reviewed = sql`(select json_build_object(
    'today', count(*) filter (where reviewed_at >= date_trunc('day', now())),
    'average', round(avg(score), 1))
  from quiz_submissions where status = 'reviewed') as reviewed`
// Trips under way (planning, booked, active) and those of them leaving within 30 days, from the trips table; `who`
// narrows them to a traveler's or an expert's (their indexes lead with that column).
const activeTrips = (who?: SQL) => sql`(select json_build_object(
    'active', count(*),
    'departing', count(*) filter (where start_date between current_date and current_date + 30))
  from trips where status in ('planning', 'booked', 'active')${who ? sql` and ${who}` : sql``}) as trips`
const mySessions = (me: number) =>
  sql`(select count(*) from sessions where user_id = ${me} and expires_at > now()) as my_sessions`

function columnsFor(actor: Actor): SQL[] {
  const me = actor.id
  switch (actor.role) {
    case 'superadmin':
    case 'admin':
      return [people, activeTrips(), pendingQuizzes]
    case 'expert':
      return [
        sql`(select json_build_object(
            'travelers', count(distinct user_id),
            'recent', count(*) filter (where reviewed_at >= now() - interval '7 days'))
          from quiz_submissions where expert_assignment = ${me}) as mine`,
        activeTrips(sql`expert_id = ${me}`),
        expertCount,
      ]
    case 'specialist':
      return [pendingQuizzes, reviewed, expertCount]
    case 'editor':
      return [
        sql`(select count(*) from activity_events where created_at >= now() - interval '7 days') as updates_week`,
        expertCount,
        travelerCount,
        mySessions(me),
      ]
    default:
      return [
        sql`(select json_build_object('count', count(*)) from quiz_submissions where user_id = ${me}) as my_quizzes`,
        sql`(select json_build_object('status', q.status,
              'expert', coalesce(nullif(trim(e.first_name || ' ' || e.last_name), ''), e.username))
            from quiz_submissions q left join users e on e.id = q.expert_assignment
            where q.user_id = ${me} order by q.submitted_at desc, q.id desc limit 1) as my_quiz`,
        activeTrips(sql`traveler_id = ${me}`),
      ]
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Four tiles per role, computed from the database in one statement that asks only for the role's figures
 * (a bounded number of queries whatever the data size).
 */
export async function overviewStats(ctx: ServiceContext, actor: Actor): Promise<StatTile[]> {
  const result = await ctx.db.execute(sql`select ${sql.join(columnsFor(actor), sql`, `)}`)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
  const r = rows[0] ?? {}
  const obj = (k: string) => {
    const value = r[k]
    return ((typeof value === 'string' ? JSON.parse(value) : value) ?? {}) as Record<string, unknown>
  }
  const n = (value: unknown) => Number(value ?? 0)

  switch (actor.role) {
    case 'superadmin':
    case 'admin': {
      const people = obj('people')
      return [
        { key: 'total_users', label: 'Total Users', value: n(people.total), hint: `${n(people.active)} active` },
        tripsTile(obj('trips'), 'Planning, booked or under way'),
        {
          key: 'pending_quizzes',
          label: 'Pending Quiz Reviews',
          value: n(r.pending_quizzes),
          hint: 'Awaiting a specialist',
        },
        {
          key: 'staff_users',
          label: 'Staff Members',
          value: n(people.staff),
          hint: plural(n(people.experts), 'expert', 'experts'),
        },
      ]
    }
    case 'expert': {
      const mine = obj('mine')
      return [
        {
          key: 'my_travelers',
          label: 'Assigned Travelers',
          value: n(mine.travelers),
          hint: 'Matched to you by specialists',
        },
        { key: 'my_new_assignments', label: 'New Assignments', value: n(mine.recent), hint: 'In the last 7 days' },
        tripsTile(obj('trips'), 'Trips assigned to you'),
        { key: 'experts', label: 'Expert Team', value: n(r.experts), hint: 'Active experts' },
      ]
    }
    case 'specialist': {
      const done = obj('reviewed')
      return [
        { key: 'pending_quizzes', label: 'Pending Reviews', value: n(r.pending_quizzes), hint: 'Awaiting your review' },
        { key: 'reviewed_today', label: 'Completed Today', value: n(done.today), hint: 'Quizzes reviewed today' },
        {
          key: 'average_score',
          label: 'Average Score',
          value: done.average === null || done.average === undefined ? '—' : `${Number(done.average)}%`,
          hint: 'Across reviewed quizzes',
        },
        { key: 'experts', label: 'Experts Available', value: n(r.experts), hint: 'Active experts to assign' },
      ]
    }
    case 'editor':
      return [
        {
          key: 'updates_week',
          label: 'Platform Updates',
          value: n(r.updates_week),
          hint: 'Changes in the last 7 days',
        },
        { key: 'experts', label: 'Experts', value: n(r.experts), hint: 'Active experts' },
        { key: 'travelers', label: 'Travelers', value: n(r.travelers), hint: 'Active traveler accounts' },
        { key: 'my_sessions', label: 'Your Sessions', value: n(r.my_sessions), hint: 'Browsers signed in as you' },
      ]
    default: {
      const quiz = obj('my_quiz')
      const status = quiz.status ? String(quiz.status) : null
      return [
        {
          key: 'quiz_status',
          label: 'Travel Quiz',
          value: status ? QUIZ_STATUS[status] ?? status : 'Not taken',
          hint: status ? 'Your latest quiz' : 'Take it to get matched with an expert',
        },
        {
          key: 'my_quizzes',
          label: 'Quizzes Submitted',
          value: n(obj('my_quizzes').count),
          hint: 'All your submissions',
        },
        {
          key: 'my_expert',
          label: 'Your Expert',
          value: quiz.expert ? String(quiz.expert) : 'Not yet assigned',
          hint: 'Matched after your quiz is reviewed',
        },
        tripsTile(obj('trips'), 'Your trips'),
      ]
    }
  }
}

/** Active Trips, with the departures of the next 30 days as its hint. */
function tripsTile(trips: Record<string, unknown>, whose: string): StatTile {
  const departing = Number(trips.departing ?? 0)
  return {
    key: 'active_trips',
    label: 'Active Trips',
    value: Number(trips.active ?? 0),
    hint: departing ? `${plural(departing, 'departure', 'departures')} in the next 30 days` : `${whose}; no departure in the next 30 days`,
  }
}
