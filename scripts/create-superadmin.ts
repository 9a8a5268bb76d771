// `npm run create-superadmin -- --username NAME --email ADDRESS [--password-stdin]`
// Makes the first real account. Asks for whatever is not given as a flag (the password is never taken as a
// flag, so it stays out of shell history: type it at the prompt or pipe it with --password-stdin).
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { email as emailSchema, PASSWORD_MIN, username as usernameSchema } from '@meridian/validators'
import { DomainError, insertUser, loadConfig, openAppDatabase } from '@meridian/core'

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
})

const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY })
async function ask(question: string, hidden = false): Promise<string> {
  if (hidden && process.stdin.isTTY) {
    const out = process.stdout as NodeJS.WriteStream & { _write: unknown }
    const write = out.write.bind(out)
    out.write = ((chunk: string) => (chunk.includes(question) ? write(chunk) : true)) as typeof out.write
    const answer = await rl.question(question)
    out.write = write
    write('\n')
    return answer
  }
  return rl.question(question)
}

async function readStdinPassword(): Promise<string> {
  for await (const line of rl) return line
  return ''
}

const username = values.username ?? (await ask('Username: '))
const email = values.email ?? (await ask('Email: '))
const password = values['password-stdin'] ? await readStdinPassword() : await ask(`Password (at least ${PASSWORD_MIN} characters): `, true)
rl.close()

for (const [label, schema, value] of [
  ['username', usernameSchema, username],
  ['email', emailSchema, email],
] as const) {
  const result = v.safeParse(schema, value)
  if (!result.success) {
    console.error(`Invalid ${label}: ${result.issues[0]?.message}`)
    process.exit(2)
  }
}
if (password.length < PASSWORD_MIN) {
  console.error(`The password must have at least ${PASSWORD_MIN} characters.`)
  process.exit(2)
}

const config = loadConfig()
const handle = await openAppDatabase(config)
try {
  await insertUser(handle.db, {
    username: username.trim(),
    email: email.trim(),
    password,
    role: 'superadmin',
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
    isStaff: true,
    isSuperuser: true,
  })
  console.log(`Superadmin "${username.trim()}" created.`)
} catch (error) {
  if (error instanceof DomainError) {
    console.error(Object.values(error.fields ?? {}).flat().join(' ') || error.message)
    process.exitCode = 1
  } else throw error
} finally {
  await handle.close()
}
