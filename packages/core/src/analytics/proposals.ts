import { type Database, rowsOf, sql } from '@meridian/db'
import { displayName } from '../auth/serialize-user.ts'
import type { PeriodWindow } from './periods.ts'

/** The proposal figures of a set of trips: the rounds sent in the period and what became of those trips. */
export interface ProposalCounts {
  /** Rounds sent in the period. */
  rounds: number
  /** Trips with at least one round sent in the period. */
  trips: number
  /** Of those trips, the ones with an accepted round (accepted whenever, up to now). */
  accepted: number
  /** accepted ÷ trips in percent, one decimal; null when no trip had a proposal. */
  acceptance_rate: number | null
  /** The median time from the trip's request to its acceptance, in hours with one decimal; null when none was accepted. */
  median_hours_to_accept: number | null
}

/** One sender's figures: the rounds they sent, their trips, and those whose accepted round was theirs. */
export interface ExpertProposals extends ProposalCounts {
  /** The user who sent the rounds; null when that account was deleted. */
  expert_id: number | null
  expert: string
}

export interface ProposalFigures {
  /** Every trip once, whoever sent its rounds. */
  all: ProposalCounts
  /** By sender, most rounds first. */
  experts: ExpertProposals[]
}

type Row = {
  scope: 'all' | 'expert'
  expert_id: number | null
  first_name: string | null
  last_name: string | null
  username: string | null
  rounds: number | null
  trips: number
  accepted: number
  median_hours: string | null
}

const counts = (r: Row): ProposalCounts => {
  const trips = Number(r.trips)
  const accepted = Number(r.accepted)
  return {
    rounds: Number(r.rounds ?? 0),
    trips,
    accepted,
    acceptance_rate: trips ? Math.round((accepted / trips) * 1000) / 10 : null,
    median_hours_to_accept: r.median_hours === null ? null : Number(r.median_hours),
  }
}

/**
 * Proposals of the period (docs/analytics.md "Proposals"): the trips with a round sent in the period, how many rounds,
 * how many of those trips have an accepted round, and the median time from the trip's request (its trip_requests row,
 * else the trip's own creation) to the first acceptance; overall and by the person who sent the rounds. One statement,
 * every figure exact in SQL (the median by percentile_cont, rounded once to a tenth of an hour).
 */
export async function proposalFigures(db: Database, window: PeriodWindow): Promise<ProposalFigures> {
  const from = window.current.from.toISOString()
  const to = window.current.to.toISOString()
  const median = sql.raw(`round((percentile_cont(0.5) within group (order by extract(epoch from a.at - q.at)::float8) / 3600)::numeric, 1)::text`)
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with cohort as (
        select p.trip_id, p.sent_by_id as expert_id, count(*)::int as rounds
          from proposals p
         where p.sent_at >= ${from}::timestamptz and p.sent_at < ${to}::timestamptz
         group by p.trip_id, p.sent_by_id),
      requested as (
        select t.id as trip_id, coalesce((select min(r.created_at) from trip_requests r where r.trip_id = t.id), t.created_at) as at
          from trips t
         where t.id in (select trip_id from cohort)),
      accepted as (
        select p.trip_id, p.sent_by_id as expert_id, min(p.accepted_at) as at
          from proposals p
         where p.status = 'accepted' and p.trip_id in (select trip_id from cohort)
         group by p.trip_id, p.sent_by_id)
      select 'expert' as scope, c.expert_id, u.first_name, u.last_name, u.username, sum(c.rounds)::int as rounds, count(*)::int as trips,
             count(a.at)::int as accepted, ${median} as median_hours
        from cohort c
        join requested q on q.trip_id = c.trip_id
        left join accepted a on a.trip_id = c.trip_id and a.expert_id is not distinct from c.expert_id
        left join users u on u.id = c.expert_id
       group by c.expert_id, u.first_name, u.last_name, u.username
      union all
      select 'all', null, null, null, null, sum(c.rounds)::int, count(*)::int, count(a.at)::int, ${median}
        from (select trip_id, sum(rounds) as rounds from cohort group by trip_id) c
        join requested q on q.trip_id = c.trip_id
        left join (select trip_id, min(at) as at from accepted group by trip_id) a on a.trip_id = c.trip_id`),
  )
  const all = rows.find((r) => r.scope === 'all')
  const experts = rows
    .filter((r) => r.scope === 'expert')
    .map((r): ExpertProposals => ({
      expert_id: r.expert_id === null ? null : Number(r.expert_id),
      expert: r.username === null ? 'Deleted account' : displayName({ firstName: r.first_name ?? '', lastName: r.last_name ?? '', username: r.username }),
      ...counts(r),
    }))
    .sort((a, b) => b.rounds - a.rounds || b.trips - a.trips || a.expert.localeCompare(b.expert))
  return { all: all ? counts(all) : { rounds: 0, trips: 0, accepted: 0, acceptance_rate: null, median_hours_to_accept: null }, experts }
}
