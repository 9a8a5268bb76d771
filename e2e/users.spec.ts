import type { APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, expect, test, uniqueName, watchToasts } from './fixtures.ts'

/** Travelers made for one test through the REST calls, so tests never change shared demo accounts. */
async function makeUsers(request: APIRequestContext, prefix: string, count: number) {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'superadmin', password: DEMO_PASSWORD } })
  const { access } = await login.json()
  const headers = { Authorization: `Bearer ${access}` }
  const roles = await (await request.get('/users/api/roles/select_options/', { headers })).json()
  const traveler = roles.find((r: { name: string }) => r.name === 'traveler').value
  const made: { id: number; username: string }[] = []
  const stem = uniqueName(prefix)
  for (let i = 0; i < count; i++) {
    const username = `${stem}${i}`
    const res = await request.post('/users/api/users-mgmt/', {
      headers,
      data: { username, email: `${username}@example.test`, first_name: 'Eve', last_name: `Tester${i}`, role_id: traveler, password: 'correct-horse-battery', confirm_password: 'correct-horse-battery' },
    })
    expect(res.status(), await res.text()).toBe(201)
    made.push({ id: (await res.json()).id, username })
  }
  return { made, stem, roles: roles as { value: number; name: string; label: string }[] }
}

test('an admin and a traveler see Access Denied with the reason', async ({ page, signIn }) => {
  await signIn('admin')
  await page.goto('/dashboard/users')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('Superadmin role required for user management.')).toBeVisible()
  await expect(page.getByText('Debug information')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a superadmin creates a user, filters the list, changes the role and deactivates', async ({ page, signIn }) => {
    test.slow()
    await signIn('superadmin')
    await page.goto('/dashboard/users')
    await expect(page.getByLabel('Total Users')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Role Distribution' })).toBeVisible()

    await page.getByRole('link', { name: 'Create User' }).click()
    await expect(page).toHaveURL(/\/dashboard\/users\/new$/)
    const username = uniqueName('nojs')
    const form = page.getByRole('form', { name: 'Create New User' })
    await form.getByLabel('First Name').fill('Noor')
    await form.getByLabel('Last Name').fill('Haddad')
    await form.getByLabel('Username').fill(username)
    await form.getByLabel('Email').fill(`${username}@example.test`)
    await form.getByLabel('Password', { exact: true }).fill('password123')
    await form.getByLabel('Confirm Password').fill('password123')
    await form.getByRole('button', { name: 'Create User' }).click()
    // The server's answer, inline, with what was typed kept.
    await expect(form.getByText('This password is too common.')).toBeVisible()
    await expect(form.getByLabel('Username')).toHaveValue(username)
    await form.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
    await form.getByLabel('Confirm Password').fill('correct-horse-battery')
    await form.getByRole('button', { name: 'Create User' }).click()
    await expect(page).toHaveURL(/\/dashboard\/users$/)

    const filters = page.getByRole('search', { name: 'Filter users' })
    await filters.getByLabel('Search').fill(username)
    await filters.getByLabel('Status').selectOption('active')
    await filters.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(new RegExp(`search=${username}.*status=active`))
    const row = page.locator(`tr[data-username="${username}"]`)
    await expect(row).toContainText('Noor Haddad')
    await expect(row).toContainText('Traveler')

    await row.getByRole('link', { name: `Change role of ${username}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/users/\\d+/role\\?search=${username}`))
    await page.getByLabel('New role').selectOption({ label: 'Travel Expert' })
    await page.getByRole('button', { name: 'Change Role' }).click()
    await expect(row).toContainText('Expert')
    await expect(page).toHaveURL(new RegExp(`/dashboard/users\\?search=${username}`))

    await row.getByRole('link', { name: `Deactivate ${username}` }).click()
    await expect(page.getByText(`Are you sure you want to deactivate ${username}?`)).toBeVisible()
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click()
    // The list still filters on active users: the deactivated one has left it.
    await expect(page.getByText('No users found')).toBeVisible()
    await expect(page.getByText('Try adjusting your filters')).toBeVisible()
  })
})

test('with JavaScript, filters update the URL, bulk actions show the count, and the edit modal keeps history', async ({ page, signIn, request }) => {
  test.slow()
  const { made, stem } = await makeUsers(request, 'bulk', 3)
  await signIn('superadmin')
  const shown = await watchToasts(page)
  await page.goto('/dashboard/users')
  const filters = page.getByRole('search', { name: 'Filter users' })
  await filters.getByLabel('Search').fill(stem)
  await expect(page).toHaveURL(new RegExp(`search=${stem}`))
  await expect(page.locator('tbody tr')).toHaveCount(3)
  await filters.getByLabel('Per page').selectOption('10')
  await expect(page).toHaveURL(/page_size=10/)

  await page.getByRole('checkbox', { name: `Select ${made[0]!.username}` }).check()
  await page.getByRole('checkbox', { name: `Select ${made[1]!.username}` }).check()
  await page.getByRole('button', { name: 'Deactivate (2)', exact: true }).click()
  await expect.poll(shown).toContainEqual(expect.stringContaining('2 users deactivated.'))
  await expect(page.locator(`tr[data-username="${made[0]!.username}"]`)).toContainText('Inactive')
  await expect(page.locator(`tr[data-username="${made[2]!.username}"]`)).toContainText('Active')

  await page.getByRole('checkbox', { name: 'Select all users' }).check()
  await expect(page.getByRole('button', { name: 'Activate (3)', exact: true })).toBeEnabled()
  await page.getByRole('button', { name: 'Activate (3)', exact: true }).click()
  await expect.poll(shown).toContainEqual(expect.stringContaining('2 users activated.'))

  await page.getByRole('link', { name: `Edit ${made[0]!.username}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(`superadmin deactivated ${made[0]!.username}`)).toBeVisible()
  await dialog.getByLabel('Specializations').fill('diving, honeymoons')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/dashboard/users\\?search=${stem}`))
  await page.getByRole('link', { name: `Edit ${made[0]!.username}` }).click()
  await expect(page.getByRole('dialog', { name: 'Edit User' }).getByLabel('Specializations')).toHaveValue('diving, honeymoons')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/dashboard/users\\?search=${stem}`))
})
