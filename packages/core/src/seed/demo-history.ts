import { rowsOf, sql } from '@meridian/db'
import { QUIZ_REVIEW_MESSAGES } from '@meridian/validators/quiz-constants'
import { displayName } from '../auth/serialize-user.ts'
import { recordActivity } from '../activity/record-activity.ts'
import type { DemoTx } from './demo-record.ts'

/**
 * The platform updates the demo travelers' story would have written (the staff feed and the "Platform Updates"
 * figures): each joining, each quiz submitted and the demo traveler's quiz reviewed, in the words and at the times the
 * real flows use (after seedDemoAnalytics, which dates them). Only for rows this seed added. The updates added.
 */
export async function seedDemoHistory(db: DemoTx, marks: Map<string, number>): Promise<number> {
  const person = (r: { first_name: string; last_name: string; username: string }) =>
    displayName({ firstName: r.first_name, lastName: r.last_name, username: r.username })
  type Person = { id: number; username: string; first_name: string; last_name: string }
  const joined = rowsOf<Person & { date_joined: string }>(
    await db.execute(sql`
      select u.id, u.username, u.first_name, u.last_name, u.date_joined from users u join roles r on r.id = u.role_id
       where r.name = 'traveler' and u.email like '%@meridian.example' order by u.date_joined`),
  )
  const quizzes = rowsOf<
    Person & {
      quiz_id: number
      quiz_type: string
      title: string | null
      quiz_data: Record<string, string>
      submitted_at: string
      reviewed_at: string | null
      reviewer: number | null
      expert: string | null
      score: string | null
    }
  >(
    await db.execute(sql`
      select q.id as quiz_id, q.quiz_type, d.title, q.quiz_data, q.submitted_at, q.reviewed_at, q.reviewed_by as reviewer, q.score,
             u.id, u.username, u.first_name, u.last_name,
             nullif(trim(e.first_name || ' ' || e.last_name), '') as expert
        from quiz_submissions q join users u on u.id = q.user_id
        left join quiz_definitions d on d.quiz_type = q.quiz_type
        left join users e on e.id = q.expert_assignment
       where q.id > ${marks.get('quiz_submissions') ?? 0} and q.submitted_at is not null
       order by q.submitted_at`),
  )
  const at = async (when: string | Date) => {
    const moment = new Date(when).toISOString()
    await db.execute(
      sql`update activity_events set created_at = ${moment}::timestamptz, updated_at = ${moment}::timestamptz where id = (select max(id) from activity_events)`,
    )
  }
  let added = 0
  for (const p of joined) {
    await recordActivity(db, { actorId: p.id, action: 'user.registered', subjectType: 'user', subjectId: p.id, summary: `${p.username} joined as a traveler` })
    await at(p.date_joined)
    added++
  }
  for (const q of quizzes) {
    const summary =
      q.quiz_type === 'general'
        ? `${q.username} completed the onboarding quiz (${q.quiz_data.travel_style}, ${q.quiz_data.group_size})`
        : `${q.username} completed the ${q.title ?? q.quiz_type} quiz`
    await recordActivity(db, { actorId: q.id, action: 'quiz.submitted', subjectType: 'quiz_submission', subjectId: q.quiz_id, summary })
    await at(q.submitted_at)
    added++
    if (q.reviewed_at && q.reviewer) {
      const message = q.expert ? QUIZ_REVIEW_MESSAGES.reviewedWithExpert(person(q), q.expert) : QUIZ_REVIEW_MESSAGES.reviewed(person(q))
      await recordActivity(db, {
        actorId: q.reviewer,
        action: 'quiz.reviewed',
        subjectType: 'quiz_submission',
        subjectId: q.quiz_id,
        summary: `${message} Score ${Number(q.score)}.`,
      })
      await at(q.reviewed_at)
      added++
    }
  }
  return added
}
