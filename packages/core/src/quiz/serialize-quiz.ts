import type { quizSubmissions } from '@meridian/db'

export interface QuizSubmissionDto {
  id: number
  quiz_type: string
  status: string
  submitted_at: string
  score: number | null
  quiz_data: Record<string, string>
  user_id: number | null
  expert_assignment: number | null
  reviewed_at: string | null
}

export function serializeQuiz(row: typeof quizSubmissions.$inferSelect): QuizSubmissionDto {
  return {
    id: row.id,
    quiz_type: row.quizType,
    status: row.status,
    submitted_at: new Date(row.submittedAt).toISOString(),
    score: row.score === null ? null : Number(row.score),
    quiz_data: row.quizData,
    user_id: row.userId,
    expert_assignment: row.expertAssignment,
    reviewed_at: row.reviewedAt ? new Date(row.reviewedAt).toISOString() : null,
  }
}
