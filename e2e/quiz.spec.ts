import type { APIRequestContext, Page } from '@playwright/test'
import { expect, submitLoginForm, test, uniqueName } from './fixtures.ts'

// Whole journeys (several posts and a sign-in) on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 })

const QUIZ_COOKIE = 'meridian_quiz'
const PASSWORD = 'a-long-passphrase'

const progress = (page: Page) => page.getByTestId('quiz-progress-label')
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' })
const previousButton = (page: Page) => page.getByRole('button', { name: 'Previous' })
const completeButton = (page: Page) => page.getByRole('button', { name: 'Complete' })

/** A traveler account of this test's own (registration is on in the e2e server), so no other test shares its quizzes. */
async function createTraveler(request: APIRequestContext, baseURL: string, firstName = 'Quinn') {
  const username = uniqueName('quiz')
  const response = await request.post('/register', {
    form: { intent: 'register', username, email: `${username}@example.test`, password: PASSWORD, confirm_password: PASSWORD, first_name: firstName, last_name: 'Tester' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  })
  expect(response.status(), 'registration should redirect').toBe(302)
  return username
}

/** The submission through the REST API, as the owner sees it (GET /api/onboarding/quiz/{id}/ with a JWT). */
async function fetchSubmission(request: APIRequestContext, username: string, id: number) {
  const login = await request.post('/users/api/auth/login/', { data: { username, password: PASSWORD } })
  expect(login.status()).toBe(200)
  const { access } = await login.json()
  const response = await request.get(`/api/onboarding/quiz/${id}/`, { headers: { Authorization: `Bearer ${access}` } })
  expect(response.status()).toBe(200)
  return response.json()
}

/** Open the quiz with JavaScript and wait for hydration (Next turns disabled until an answer is chosen). */
async function startQuiz(page: Page) {
  await page.goto('/onboarding-quiz')
  await expect(nextButton(page)).toBeDisabled()
}

/** Complete the quiz and wait for the results page (a post, a redirect and its loader). */
async function complete(page: Page) {
  await completeButton(page).click()
  await expect(page).toHaveURL(/\/quiz-results$/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Travel DNA', { timeout: 20_000 })
}

async function submissionId(page: Page) {
  const status = page.getByTestId('quiz-status')
  await expect(status).toContainText('Your answers are saved')
  await expect(status).toContainText('Awaiting specialist review')
  const id = Number((await status.textContent())?.match(/#(\d+)/)?.[1])
  expect(id).toBeGreaterThan(0)
  return id
}

test.describe('JavaScript on', () => {
  test('one question at a time: Previous disabled first, Next disabled until chosen, Complete at the end', async ({ page }) => {
    await startQuiz(page)
    await expect(progress(page)).toHaveText('Question 1 of 3')
    await expect(page.getByRole('progressbar', { name: 'Question 1 of 3' })).toHaveAttribute('aria-valuenow', '33')
    await expect(page.getByRole('heading', { name: "What's your ideal travel style?" })).toBeVisible()
    await expect(previousButton(page)).toBeDisabled()
    await expect(nextButton(page)).toBeDisabled()
    await expect(page.getByText('you can always update your preferences later')).toBeVisible()

    await page.getByLabel('Culture & History').check()
    await expect(nextButton(page)).toBeEnabled()
    await page.getByLabel('Food & Wine').check()
    await nextButton(page).click()

    await expect(progress(page)).toHaveText('Question 2 of 3')
    await expect(page.getByRole('progressbar', { name: 'Question 2 of 3' })).toHaveAttribute('aria-valuenow', '67')
    await expect(nextButton(page)).toBeDisabled()
    await expect(previousButton(page)).toBeEnabled()
    await previousButton(page).click()
    await expect(progress(page)).toHaveText('Question 1 of 3')
    await expect(page.getByLabel('Food & Wine')).toBeChecked()
    await nextButton(page).click()

    await page.getByLabel('Comfortable ($1500-3000)').check()
    await nextButton(page).click()
    await expect(progress(page)).toHaveText('Question 3 of 3')
    await expect(nextButton(page)).toHaveCount(0)
    await expect(completeButton(page)).toBeDisabled()
    await page.getByLabel('Couple').check()
    await complete(page)
    const answers = page.getByTestId('quiz-answers')
    await expect(answers).toContainText('Food & Wine')
    await expect(answers).toContainText('Comfortable ($1500-3000)')
    await expect(answers).toContainText('Couple')
    await expect(page.getByTestId('quiz-status')).toContainText('Sign in to save your answers')
    await expect(page.getByText('Romantic', { exact: true })).toBeVisible()
    await expect(page.getByTestId('expert-card').first()).toBeVisible()
  })

  test('a signed-in traveler’s answers are saved as a submission awaiting a specialist', async ({ page, signIn, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL })
    try {
      const username = await createTraveler(api, baseURL!)
      await signIn(username, PASSWORD)
      await startQuiz(page)
      await page.getByLabel('Adventure & Exploration').check()
      await nextButton(page).click()
      await page.getByLabel('Luxury ($5000+)').check()
      await nextButton(page).click()
      await page.getByLabel('Solo traveler').check()
      await complete(page)
      const id = await submissionId(page)
      await expect(page.getByTestId('next-steps').getByRole('link', { name: 'Book Trip' })).toHaveAttribute('href', '/dashboard/book-trip')
      const saved = await fetchSubmission(api, username, id)
      expect(saved).toMatchObject({
        status: 'awaiting_specialist',
        quiz_type: 'general',
        quiz_data: { travel_style: 'Adventure & Exploration', budget_range: 'Luxury ($5000+)', group_size: 'Solo traveler' },
      })
    } finally {
      await api.dispose()
    }
  })

  test('staff who may not submit see their answers with a note, and nothing is saved', async ({ page, signIn }) => {
    await signIn('editor')
    await startQuiz(page)
    await page.getByLabel('Urban & City Life').check()
    await nextButton(page).click()
    await page.getByLabel("I'm flexible").check()
    await nextButton(page).click()
    await page.getByLabel('Business/work travel').check()
    await complete(page)
    await expect(page.getByTestId('quiz-status')).toContainText('Not saved for your role')
    await expect(page.getByTestId('quiz-answers')).toContainText('Urban & City Life')
  })

  test('a visitor who registers after the quiz gets the answers saved to the new account', async ({ page, playwright, baseURL }) => {
    await startQuiz(page)
    await page.getByLabel('Relaxation & Wellness').check()
    await nextButton(page).click()
    await page.getByLabel('Premium ($3000-5000)').check()
    await nextButton(page).click()
    await page.getByLabel('Family with kids').check()
    await complete(page)
    await expect(page.getByTestId('quiz-status')).toContainText('Sign in to save your answers')

    const username = uniqueName('reg')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Rae')
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL(/\/dashboard\/overview$/)

    await page.goto('/quiz-results')
    const id = await submissionId(page)
    const api = await playwright.request.newContext({ baseURL })
    try {
      // Stored when the visitor completed the quiz; registering in this browser made it theirs, in the specialists' queue.
      const submission = await fetchSubmission(api, username, id)
      expect(submission.status).toBe('awaiting_specialist')
      expect(submission.quiz_data).toEqual({
        travel_style: 'Relaxation & Wellness',
        budget_range: 'Premium ($3000-5000)',
        group_size: 'Family with kids',
      })
    } finally {
      await api.dispose()
    }
  })

  test('Retake quiz starts again from the first question with nothing chosen', async ({ page }) => {
    await startQuiz(page)
    await page.getByLabel('Food & Wine').check()
    await nextButton(page).click()
    await page.getByLabel("I'm flexible").check()
    await nextButton(page).click()
    await page.getByLabel('Couple').check()
    await complete(page)
    await page.getByRole('link', { name: 'Retake quiz' }).click()
    await expect(page).toHaveURL(/\/onboarding-quiz$/)
    await expect(progress(page)).toHaveText('Question 1 of 3')
    await expect(page.getByLabel('Food & Wine')).not.toBeChecked()
    await expect(nextButton(page)).toBeDisabled()
  })
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor answers one question per page, then signing in saves the submission', async ({ page, context, playwright, baseURL }) => {
    await page.goto('/onboarding-quiz')
    await expect(progress(page)).toHaveText('Question 1 of 3')
    await expect(previousButton(page)).toBeDisabled()

    // The radio group is required: without a choice the browser keeps the form from being sent.
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/onboarding-quiz$/)

    await page.getByLabel('Culture & History').check()
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/onboarding-quiz\?step=2$/)
    await expect(progress(page)).toHaveText('Question 2 of 3')

    // The answers so far ride in the signed cookie: going back shows the first one chosen.
    await previousButton(page).click()
    await expect(page).toHaveURL(/\/onboarding-quiz\?step=1$/)
    await expect(page.getByLabel('Culture & History')).toBeChecked()
    await nextButton(page).click()

    await page.getByLabel('Budget-Friendly ($500-1500)').check()
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/onboarding-quiz\?step=3$/)
    await page.getByLabel('Group of friends').check()
    await complete(page)
    await expect(page.getByTestId('quiz-answers')).toContainText('Culture & History')
    await expect(page.getByTestId('quiz-status')).toContainText('Sign in to save your answers')
    const cookie = (await context.cookies()).find((c) => c.name === QUIZ_COOKIE)
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')

    const api = await playwright.request.newContext({ baseURL })
    try {
      const username = await createTraveler(api, baseURL!, 'Jo')
      await page.getByTestId('quiz-status').getByRole('link', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquiz-results$/)
      await submitLoginForm(page, username, PASSWORD)
      await expect(page).toHaveURL(/\/quiz-results$/)
      const id = await submissionId(page)
      expect((await context.cookies()).find((c) => c.name === QUIZ_COOKIE)).toBeUndefined()
      expect((await fetchSubmission(api, username, id)).quiz_data).toEqual({
        travel_style: 'Culture & History',
        budget_range: 'Budget-Friendly ($500-1500)',
        group_size: 'Group of friends',
      })
    } finally {
      await api.dispose()
    }
  })

  test('a tampered quiz cookie is ignored', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: QUIZ_COOKIE, value: 'eyJ0cmF2ZWxfc3R5bGUiOiJGb29kICYgV2luZSJ9.forged', url: baseURL! }])
    await page.goto('/quiz-results')
    await expect(page.getByTestId('quiz-results-empty')).toContainText('You have not taken the quiz yet')
  })
})
