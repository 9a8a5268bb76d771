import { sql } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'

export interface StatTile {
  key: string
  label: string
  value: string | number
  hint: string
}

/**
 * Four tiles per role, computed from the database in one statement of scalar subqueries
 * (a bounded number of queries whatever the data size).
 */
export async function overviewStats(ctx: ServiceContext, actor: Actor): Promise<StatTile[]> {
  const me = actor.id
  const result = await ctx.db.execute(sql`
    select
      (select count(*) from users) as total_users,
      (select count(*) from users where is_active) as active_users,
      (select count(*) from users where is_active and (is_staff or is_superuser)) as staff_users,
      (select count(*) from users u join roles r on r.id = u.role_id where u.is_active and r.name = 'traveler') as travelers,
      (select count(*) from users u join roles r on r.id = u.role_id where u.is_active and r.name = 'expert') as experts,
      (select count(*) from sessions where expires_at > now()) as active_sessions,
      (select count(*) from quiz_submissions where status = 'awaiting_specialist') as pending_quizzes,
      (select count(*) from quiz_submissions where status = 'reviewed' and reviewed_at >= date_trunc('day', now())) as reviewed_today,
      (select round(avg(score), 1) from quiz_submissions where status = 'reviewed' and score is not null) as average_score,
      (select count(distinct user_id) from quiz_submissions where expert_assignment = ${me}) as my_travelers,
      (select count(*) from quiz_submissions where expert_assignment = ${me} and reviewed_at >= now() - interval '7 days') as my_new_assignments,
      (select count(*) from activity_events where created_at >= now() - interval '7 days') as updates_week,
      (select count(*) from sessions where user_id = ${me} and expires_at > now()) as my_sessions,
      (select count(*) from quiz_submissions where user_id = ${me}) as my_quizzes,
      (select status from quiz_submissions where user_id = ${me} order by submitted_at desc, id desc limit 1) as my_quiz_status,
      (select coalesce(nullif(trim(e.first_name || ' ' || e.last_name), ''), e.username) from quiz_submissions q join users e on e.id = q.expert_assignment where q.user_id = ${me} order by q.submitted_at desc, q.id desc limit 1) as my_expert
  `)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
  const r = rows[0] ?? {}
  const n = (k: string) => Number(r[k] ?? 0)
  const quizStatus: Record<string, string> = {
    submitted: 'Submitted',
    awaiting_specialist: 'Awaiting review',
    reviewed: 'Reviewed',
  }
  switch (actor.role) {
    case 'superadmin':
    case 'admin':
      return [
        { key: 'total_users', label: 'Total Users', value: n('total_users'), hint: `${n('active_users')} active` },
        { key: 'active_sessions', label: 'Active Sessions', value: n('active_sessions'), hint: 'Signed-in browsers right now' },
        { key: 'pending_quizzes', label: 'Pending Quiz Reviews', value: n('pending_quizzes'), hint: 'Awaiting a specialist' },
        { key: 'staff_users', label: 'Staff Members', value: n('staff_users'), hint: `${n('experts')} experts` },
      ]
    case 'expert':
      return [
        { key: 'my_travelers', label: 'Assigned Travelers', value: n('my_travelers'), hint: 'Matched to you by specialists' },
        { key: 'my_new_assignments', label: 'New Assignments', value: n('my_new_assignments'), hint: 'In the last 7 days' },
        { key: 'travelers', label: 'Travelers on Platform', value: n('travelers'), hint: 'Active traveler accounts' },
        { key: 'experts', label: 'Expert Team', value: n('experts'), hint: 'Active experts' },
      ]
    case 'specialist':
      return [
        { key: 'pending_quizzes', label: 'Pending Reviews', value: n('pending_quizzes'), hint: 'Awaiting your review' },
        { key: 'reviewed_today', label: 'Completed Today', value: n('reviewed_today'), hint: 'Quizzes reviewed today' },
        {
          key: 'average_score',
          label: 'Average Score',
          value: r.average_score === null || r.average_score === undefined ? '—' : `${Number(r.average_score)}%`,
          hint: 'Across reviewed quizzes',
        },
        { key: 'experts', label: 'Experts Available', value: n('experts'), hint: 'Active experts to assign' },
      ]
    case 'editor':
      return [
        { key: 'updates_week', label: 'Platform Updates', value: n('updates_week'), hint: 'Changes in the last 7 days' },
        { key: 'experts', label: 'Experts', value: n('experts'), hint: 'Active experts' },
        { key: 'travelers', label: 'Travelers', value: n('travelers'), hint: 'Active traveler accounts' },
        { key: 'my_sessions', label: 'Your Sessions', value: n('my_sessions'), hint: 'Browsers signed in as you' },
      ]
    default:
      return [
        {
          key: 'quiz_status',
          label: 'Travel Quiz',
          value: r.my_quiz_status ? (quizStatus[String(r.my_quiz_status)] ?? String(r.my_quiz_status)) : 'Not taken',
          hint: r.my_quiz_status ? 'Your latest quiz' : 'Take it to get matched with an expert',
        },
        { key: 'my_quizzes', label: 'Quizzes Submitted', value: n('my_quizzes'), hint: 'All your submissions' },
        {
          key: 'my_expert',
          label: 'Your Expert',
          value: r.my_expert ? String(r.my_expert) : 'Not yet assigned',
          hint: 'Matched after your quiz is reviewed',
        },
        { key: 'my_sessions', label: 'Active Sessions', value: n('my_sessions'), hint: 'Browsers signed in as you' },
      ]
  }
}
