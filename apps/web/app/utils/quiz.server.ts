import { createHmac } from 'node:crypto'
import { type AppLoadContext, type Cookie, createCookie } from '@remix-run/node'
import { hasPermission } from '@meridian/auth'
import { type Actor, claimVisitorQuiz, isCompleteAnswers, type QuizClaim, serviceContext, submitOnboardingQuiz, submitVisitorQuiz, VISITOR_QUIZ_DAYS } from '@meridian/core'
import { ONBOARDING_QUESTIONS, type OnboardingAnswers } from '@meridian/validators'
import { requestInfo } from './auth.server.ts'

/** Answers chosen so far, by question id; only valid options are kept. */
export type QuizAnswers = Partial<OnboardingAnswers>

export const QUIZ_COOKIE = 'meridian_quiz'
const QUIZ_COOKIE_DAYS = 30
/** The claim on a visitor's stored submission (its id and a token only this browser holds). */
export const QUIZ_CLAIM_COOKIE = 'meridian_quiz_claim'

// The answers ride in a signed cookie (no server memory), so the quiz works without JavaScript and a visitor's
// answers survive until they sign in. The signing key is derived from the JWT secret, never the secret itself.
const cookies = new Map<string, Cookie>()
function signedCookie(context: AppLoadContext, name: string, days: number): Cookie {
  const { jwtSecret, production } = context.app.config
  const key = `${name}:${jwtSecret}`
  let cookie = cookies.get(key)
  if (!cookie) {
    const secret = createHmac('sha256', jwtSecret).update(`meridian:${name}`).digest('base64url')
    cookie = createCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: production, secrets: [secret], maxAge: days * 86_400 })
    cookies.set(key, cookie)
  }
  return cookie
}
// The answers cookie keeps its original signing label, so answers carried before this change still read.
const quizCookie = (context: AppLoadContext) => signedCookie(context, QUIZ_COOKIE, QUIZ_COOKIE_DAYS)
const claimCookie = (context: AppLoadContext) => signedCookie(context, QUIZ_CLAIM_COOKIE, VISITOR_QUIZ_DAYS)

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

/** The visitor's claim in this request, or null (absent, tampered with or malformed). */
export async function readQuizClaim(request: Request, context: AppLoadContext): Promise<QuizClaim | null> {
  const value = (await claimCookie(context).parse(request.headers.get('Cookie'))) as Partial<QuizClaim> | null
  return value && Number.isInteger(value.id) && typeof value.token === 'string' ? { id: value.id!, token: value.token } : null
}

/**
 * A visitor completed the onboarding quiz: their answers are stored (status submitted) and this browser keeps the
 * claim that makes them theirs when they sign in or register. Answers the Set-Cookie header of the claim.
 */
export async function storeVisitorQuiz(request: Request, context: AppLoadContext, answers: OnboardingAnswers): Promise<string> {
  const claim = await submitVisitorQuiz({ db: context.app.db }, { quiz_type: 'general', quiz_data: answers }, await readQuizClaim(request, context))
  return claimCookie(context).serialize(claim)
}

/** Who may save an onboarding quiz (travelers; superadmins hold every permission). */
export function maySubmitQuiz(actor: Actor): boolean {
  return hasPermission(actor, 'access_trip_planning')
}

/**
 * At sign-in or registration, for a user who may take the quiz: the visitor's stored submission (the claim cookie)
 * becomes theirs and joins the queue; failing that, complete answers carried in the answers cookie are saved as a
 * new submission. Answers the Set-Cookie headers that clear what was used; a failure never blocks the sign-in.
 */
export async function saveCarriedQuiz(request: Request, context: AppLoadContext, actor: Actor): Promise<string[]> {
  if (!maySubmitQuiz(actor)) return []
  const ctx = serviceContext(context.app, actor, requestInfo(request))
  try {
    // The visitor's stored submission joins the specialists' queue as this user's.
    const claim = await readQuizClaim(request, context)
    if (claim) {
      const claimed = await claimVisitorQuiz(ctx, claim)
      const cleared = [await claimCookie(context).serialize({}, { maxAge: 0 })]
      if (claimed) return [...cleared, await clearQuizCookieHeader(context)]
      // A used or expired claim: the answers cookie, if complete, is saved below instead.
      if (!hasQuizCookie(request)) return cleared
      return [...cleared, ...(await saveAnswersCookie(request, context, ctx))]
    }
    if (!hasQuizCookie(request)) return []
    return await saveAnswersCookie(request, context, ctx)
  } catch (error) {
    console.error('[quiz] could not save the answers carried into sign-in', error)
    return []
  }
}

async function saveAnswersCookie(request: Request, context: AppLoadContext, ctx: ReturnType<typeof serviceContext>): Promise<string[]> {
  const answers = await readQuizAnswers(request, context)
  if (!isCompleteAnswers(answers)) return []
  await submitOnboardingQuiz(ctx, { quiz_data: answers })
  return [await clearQuizCookieHeader(context)]
}
