import { asc, type Database, eq, quizDefinitions, type QuizQuestionDef } from '@meridian/db'
import { QUIZ_ANSWER_MESSAGE, QUIZ_TYPES, type QuizType } from '@meridian/validators'
import { DomainError, type FieldErrors } from '../errors.ts'

export interface QuizDefinitionDto {
  quiz_type: QuizType
  title: string
  description: string
  icon: string
  questions: QuizQuestionDef[]
  country_codes: string[]
  specializations: string[]
}

type DefinitionRow = typeof quizDefinitions.$inferSelect

/** A definition row as the services answer it. */
export function serializeDefinition(row: DefinitionRow): QuizDefinitionDto {
  return {
    quiz_type: row.quizType,
    title: row.title,
    description: row.description,
    icon: row.icon,
    questions: row.questions,
    country_codes: row.countryCodes,
    specializations: row.specializations,
  }
}

/** Every quiz type with its questions, in their order (seeded by migration 0013). Anyone may read them. */
export async function listQuizDefinitions(ctx: { db: Database }): Promise<QuizDefinitionDto[]> {
  const rows = await ctx.db.select().from(quizDefinitions).orderBy(asc(quizDefinitions.position), asc(quizDefinitions.quizType))
  return rows.map(serializeDefinition)
}

/** One quiz type's definition, or null when the type is unknown (or not seeded). */
export async function getQuizDefinition(ctx: { db: Database }, quizType: unknown): Promise<QuizDefinitionDto | null> {
  if (typeof quizType !== 'string' || !(QUIZ_TYPES as readonly string[]).includes(quizType)) return null
  const [row] = await ctx.db.select().from(quizDefinitions).where(eq(quizDefinitions.quizType, quizType as QuizType))
  return row ? serializeDefinition(row) : null
}

/** The answers' errors against a definition: each question answered with one of its options, nothing else. */
export function answerErrors(definition: Pick<QuizDefinitionDto, 'questions'>, answers: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {}
  for (const q of definition.questions) {
    const answer = answers[q.id]
    if (!q.options.some((o) => o.label === answer)) errors[`quiz_data.${q.id}`] = [QUIZ_ANSWER_MESSAGE]
  }
  const known = new Set(definition.questions.map((q) => q.id))
  for (const key of Object.keys(answers)) if (!known.has(key)) errors[`quiz_data.${key}`] = ['This question is not part of this quiz.']
  return errors
}

/** Throws 400 with field errors unless the answers fit the definition. */
export function assertAnswers(definition: Pick<QuizDefinitionDto, 'questions'>, answers: Record<string, string>) {
  const errors = answerErrors(definition, answers)
  if (Object.keys(errors).length > 0) throw DomainError.invalid(errors)
}

/** The options the answers chose, with their hints. */
export function chosenOptions(definition: Pick<QuizDefinitionDto, 'questions'>, answers: Record<string, string>) {
  return definition.questions.flatMap((q) => q.options.filter((o) => o.label === answers[q.id]))
}
