import { QUIZ_TYPE_LABELS } from '@meridian/validators/quiz-constants'

/** Words and colours for a quiz submission's status (1-platform-core.md §3); the same words as the Travel Quiz tile. */
export const QUIZ_STATUS: Record<string, { label: string; color: string }> = {
  submitted: { label: 'Submitted', color: 'blue' },
  awaiting_specialist: { label: 'Awaiting review', color: 'orange' },
  reviewed: { label: 'Reviewed', color: 'green' },
}

export function quizStatus(status: string | null) {
  if (!status) return { label: 'No quiz yet', color: 'gray' }
  return QUIZ_STATUS[status] ?? { label: status, color: 'gray' }
}

export const quizTypeLabel = (type: string) => (QUIZ_TYPE_LABELS as Record<string, string>)[type] ?? type
