/**
 * Passwords people pick first, which guessing attacks try first (lower-cased; eight characters or more, since
 * shorter ones already fail the length rule). Drawn from the well-known leaked-password top lists.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'pa55word', 'passwort', 'motdepasse', 'contraseña', 'contrasena', 'mypassword', 'newpassword', 'changeme', 'changeme1',
  'changeme123', 'default1', 'welcome1', 'welcome123', 'welcome!', 'letmein1', 'letmein123', 'letmein!', 'trustno1',
  'iloveyou', 'iloveyou1', 'iloveyou2', 'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1',
  'baseball', 'baseball1', 'basketball', 'superman', 'batman123', 'starwars', 'whatever', 'whatever1', 'computer',
  'internet', 'jennifer', 'michelle', 'michael1', 'charlie1', 'freedom1', 'shadow12', 'monkey12', 'dragon12',
  'master12', 'mustang1', 'corvette', 'mercedes', 'ferrari1', 'liverpool', 'chelsea1', 'arsenal1', 'manchester',
  'qwertyuiop', 'qwerty12', 'qwerty123', 'qwerty1234', 'qwertyui', 'qwerasdf', 'asdfghjk', 'asdfghjkl', 'asdfasdf',
  'asdf1234', 'zxcvbnm1', 'zxcvbnm123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'q1w2e3r4', 'q1w2e3r4t5',
  'abc12345', 'abcd1234', 'abcdefgh', 'abcdefg1', 'aaaaaaaa', 'aa123456', 'a1234567', 'a12345678', '12345678',
  '123456789', '1234567890', '12345678910', '0123456789', '87654321', '987654321', '9876543210', '11111111',
  '111111111', '00000000', '88888888', '12341234', '11223344', '123123123', '123321123', '147258369', '159753456',
  '1234qwer', '123qweasd', 'qweasdzxc', 'admin123', 'admin1234', 'administrator', 'root1234', 'toor1234', 'test1234',
  'testtest', 'guest123', 'login123', 'secret12', 'secret123', 'iloveu123', 'lovely123', 'babygirl1', 'hello123',
  'hellohello', 'goodluck', 'blink182', 'pokemon1', 'minecraft', 'fortnite', 'roblox123', 'summer2024', 'winter2024',
  'spring2024', 'autumn2024', 'summer2025', 'winter2025', 'travel123', 'vacation', 'vacation1', 'holiday1',
  'meridian', 'meridian1', 'meridian123', 'meridiantravel',
])
