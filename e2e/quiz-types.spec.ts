import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'

async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('quizzer')
  const password = 'a-long-quizzing-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Quinn', last_name: 'Quizzer' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}

for (const js of [false, true]) {
  test.describe(`Themed quizzes from Trip Planning, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a traveler takes the Maldives quiz: a missing answer is named, the saved quiz awaits a specialist', async ({ page, request, signIn }) => {
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto('/dashboard/trip-planning')
      await expect(page.getByText('You have not taken the travel quiz yet.')).toBeVisible()
      await page.getByRole('link', { name: 'Maldives Escape' }).click()
      await expect(page).toHaveURL(/\/dashboard\/quizzes\?type=maldives$/)
      await expect(page.getByRole('heading', { name: 'Maldives Escape', level: 1 })).toBeVisible()

      await page.getByRole('radio', { name: 'Overwater villa' }).check()
      await page.getByRole('radio', { name: 'Diving and snorkelling' }).check()
      await page.getByRole('radio', { name: 'Luxury ($5000+)' }).check()
      await page.getByRole('button', { name: 'Send my answers' }).click()
      // The fourth question was left out: it says so, and keeps what was chosen.
      await expect(page.getByText('Please choose one of the options.')).toBeVisible()
      await expect(page.getByRole('radio', { name: 'Overwater villa' })).toBeChecked()

      await page.getByRole('radio', { name: 'Couple' }).check()
      await page.getByRole('button', { name: 'Send my answers' }).click()
      await expect(page).toHaveURL(/\/dashboard\/trip-planning$/)
      await expect(page.getByText(/Maldives quiz, sent/)).toBeVisible()
      await expect(page.getByText('Awaiting review')).toBeVisible()
    })
  })
}

test('the quiz types are for travelers: an expert is refused, an unknown type is not found', async ({ page, signIn }) => {
  await signIn('expert')
  await page.goto('/dashboard/quizzes')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await signIn('traveler')
  await page.goto('/dashboard/quizzes')
  for (const title of ['Travel DNA', 'Maldives Escape', 'Luxury Travel', 'Adventure Travel']) await expect(page.getByRole('heading', { name: title })).toBeVisible()
  const res = await page.goto('/dashboard/quizzes?type=cruise')
  expect(res?.status()).toBe(404)
})
