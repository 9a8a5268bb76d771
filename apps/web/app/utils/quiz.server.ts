import { createHmac } from 'node:crypto'
import { type AppLoadContext, type Cookie, createCookie } from '@remix-run/node'
import { hasPermission } from '@meridian/auth'
import { type Actor, isCompleteAnswers, serviceContext, submitOnboardingQuiz } from '@meridian/core'
import { ONBOARDING_QUESTIONS, type OnboardingAnswers } from '@meridian/validators'
import { requestInfo } from './auth.server.ts'

/** Answers chosen so far, by question id; only valid options are kept. */
export type QuizAnswers = Partial<OnboardingAnswers>

export const QUIZ_COOKIE = 'meridian_quiz'
const QUIZ_COOKIE_DAYS = 30

// The answers ride in a signed cookie (no server memory), so the quiz works without JavaScript and a visitor's
// answers survive until they sign in. The signing key is derived from the JWT secret, never the secret itself.
const cookies = new Map<string, Cookie>()
function quizCookie(context: AppLoadContext): Cookie {
  const { jwtSecret, production } = context.app.config
  let cookie = cookies.get(jwtSecret)
  if (!cookie) {
    const secret = createHmac('sha256', jwtSecret).update('meridian:onboarding-quiz-cookie').digest('base64url')
    cookie = createCookie(QUIZ_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: production,
      secrets: [secret],
      maxAge: QUIZ_COOKIE_DAYS * 86_400,
    })
    cookies.set(jwtSecret, cookie)
  }
  return cookie
}

/** Keep only known question ids holding one of their options. */
export function cleanAnswers(input: unknown): QuizAnswers {
  const answers: Record<string, string> = {}
  if (!input || typeof input !== 'object') return answers
  for (const q of ONBOARDING_QUESTIONS) {
    const value = (input as Record<string, unknown>)[q.id]
    if (typeof value === 'string' && (q.options as readonly string[]).includes(value)) answers[q.id] = value
  }
  return answers as QuizAnswers
}

/** The answers carried in this request's quiz cookie (empty when absent or tampered with). */
export async function readQuizAnswers(request: Request, context: AppLoadContext): Promise<QuizAnswers> {
  return cleanAnswers(await quizCookie(context).parse(request.headers.get('Cookie')))
}

export async function quizCookieHeader(context: AppLoadContext, answers: QuizAnswers): Promise<string> {
  return quizCookie(context).serialize(cleanAnswers(answers))
}

export async function clearQuizCookieHeader(context: AppLoadContext): Promise<string> {
  return quizCookie(context).serialize({}, { maxAge: 0 })
}

export function hasQuizCookie(request: Request): boolean {
  return (request.headers.get('Cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${QUIZ_COOKIE}=`))
}

/** Who may save an onboarding quiz (travelers; superadmins hold every permission). */
export function maySubmitQuiz(actor: Actor): boolean {
  return hasPermission(actor, 'access_trip_planning')
}

/**
 * At sign-in or registration: when the visitor's cookie holds complete answers and the user may submit, save them as
 * a submission and answer the Set-Cookie header that clears the cookie; otherwise null (the cookie stays). A failure
 * to save never blocks the sign-in.
 */
export async function saveCarriedQuiz(request: Request, context: AppLoadContext, actor: Actor): Promise<string | null> {
  if (!hasQuizCookie(request) || !maySubmitQuiz(actor)) return null
  const answers = await readQuizAnswers(request, context)
  if (!isCompleteAnswers(answers)) return null
  try {
    await submitOnboardingQuiz(serviceContext(context.app, actor, requestInfo(request)), { quiz_data: answers })
    return clearQuizCookieHeader(context)
  } catch (error) {
    console.error('[quiz] could not save the answers carried into sign-in', error)
    return null
  }
}
