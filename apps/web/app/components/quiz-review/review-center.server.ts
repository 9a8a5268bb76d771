import { data } from '@remix-run/node'
import {
  DomainError,
  getQuizReview,
  getSpecialistDashboard,
  listQuizDefinitions,
  listQuizQueue,
  type QueueItemDto,
  type QuizDefinitionDto,
  reviewQuiz,
  type ServiceContext,
  SPECIALIZATION_TAGS,
} from '@meridian/core'
import { QUEUE_STATUSES, QUIZ_REVIEW_MESSAGES, QUIZ_TYPE_LABELS, QUIZ_TYPES, type QuizType, readScore } from '@meridian/validators/quiz-constants'
import { listWindow } from '../../utils/list-window.ts'
import { backWithToast, type CatalogueFailure, catalogueFailure } from '../kit/form-action.server.ts'
import type { QueueEntry, QueueFilters } from './queue-list.tsx'

/** Only this screen refuses 0, matching its disabled Submit Review (1-platform-core.md §5); the API takes 0 to 100. */
export const SCORE_REQUIRED = 'Enter a score above 0, up to 100.'

const choice = <T extends string>(value: string | null, options: readonly T[]): T | '' =>
  (options as readonly string[]).includes(value ?? '') ? (value as T) : ''

/** The filters of the query string; anything the service would refuse is read as no filter. */
export function filtersOf(params: URLSearchParams): QueueFilters {
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: choice(params.get('status'), QUEUE_STATUSES),
    quiz_type: choice(params.get('quiz_type'), QUIZ_TYPES),
  }
}

/** A queue item as a row shows it: the answers in the order of their questions, names rather than records. */
function entryOf(item: QueueItemDto, definitions: Map<string, QuizDefinitionDto>): QueueEntry {
  const definition = definitions.get(item.quiz_type)
  const order = definition?.questions.map((q) => q.id) ?? []
  const keys = [...order.filter((k) => k in item.quiz_data), ...Object.keys(item.quiz_data).filter((k) => !order.includes(k))]
  return {
    id: item.id,
    type_label: QUIZ_TYPE_LABELS[item.quiz_type as QuizType] ?? item.quiz_type,
    icon: definition?.icon ?? 'compass',
    status: item.status,
    submitted_at: item.submitted_at,
    score: item.score,
    answers: keys.map((k) => item.quiz_data[k]).filter((a): a is string => Boolean(a)),
    traveler: item.traveler ? { name: item.traveler.name, username: item.traveler.username } : null,
    expert: item.expert_assignment?.name ?? null,
  }
}

/** The side panel's submission, or none (with `missing`) when the id names no quiz the reviewer may open. */
async function panelOf(ctx: ServiceContext, id: string | null) {
  if (!id) return { review: null, missing: false }
  try {
    return { review: await getQuizReview(ctx, id), missing: false }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return { review: null, missing: true }
    throw error
  }
}

/**
 * Everything the Review Center shows: the figures, one page of the queue (`pageSize` rows: the user's setting), and
 * the quiz opened in the panel.
 */
export async function loadReviewCenter(ctx: ServiceContext, params: URLSearchParams, pageSize: number) {
  const filters = filtersOf(params)
  const [stats, queue, definitions, panel] = await Promise.all([
    getSpecialistDashboard(ctx),
    listQuizQueue(ctx, filters, listWindow(params, pageSize)),
    listQuizDefinitions(ctx),
    panelOf(ctx, params.get('quiz')),
  ])
  const byType = new Map(definitions.map((d) => [d.quiz_type as string, d]))
  return {
    filters,
    pageSize,
    stats,
    count: queue.count,
    results: queue.results.map((item) => entryOf(item, byType)),
    panel: panel.review
      ? {
          ...panel.review,
          icon: byType.get(panel.review.submission.quiz_type)?.icon ?? 'compass',
          tag_labels: panel.review.needs.tags.map((t) => SPECIALIZATION_TAGS[t]?.label ?? t),
        }
      : null,
    missing: panel.missing,
  }
}

/** The queue the review came from: the same filters and page, without the panel. */
export function queueTarget(base: string, url: URL) {
  const params = new URLSearchParams(url.search)
  params.delete('quiz')
  const qs = params.toString()
  return qs ? `${base}?${qs}` : base
}

/**
 * Submit Review: the score and the expert go to reviewQuiz; success returns to the queue with the service's message
 * as a toast. Field messages stay beside their inputs, a conflict ('already reviewed') goes in the banner, and any
 * other failure reads 'Failed to review quiz. Please try again.' (§8).
 */
export async function submitReview(ctx: ServiceContext, values: Record<string, string>, back: string) {
  const score = (values.score ?? '').trim()
  const read = score === '' ? null : readScore(score)
  if (read === null || (read.ok && read.hundredths === 0)) {
    return data<CatalogueFailure>({ message: null, fields: { score: [SCORE_REQUIRED] }, values }, { status: 400 })
  }
  try {
    const reviewed = await reviewQuiz(ctx, values.quiz, { score, expert_assignment: values.expert_assignment || null })
    return await backWithToast(back, reviewed.message)
  } catch (error) {
    if (error instanceof DomainError) return catalogueFailure(error, values)
    console.error('[quiz-reviews] review failed:', error)
    return data<CatalogueFailure>({ message: QUIZ_REVIEW_MESSAGES.reviewFailed, fields: {}, values }, { status: 500 })
  }
}
