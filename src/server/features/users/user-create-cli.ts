/**
 * `npm run user:create -- --email <e-mail> --password <password> [--superuser] [--nickname <name>]`: an operator
 * creates an account (typically the first superuser) on the configured database (`DATA_DIR` / `DATABASE_URL`),
 * with the same e-mail, password and nickname rules as registration.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { NICKNAME_MAX_LENGTH, passwordProblem } from '#shared/account-rules';
import { Nickname } from '#shared/contracts/auth';
import { checkEmail } from '#shared/contracts/email';
import { hashPassword } from '../../accounts/password';
import { UsersRepository } from '../../accounts/users.repository';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    nickname: { type: 'string' },
    superuser: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`user:create: ${message}`);
  process.exit(2);
}

if (!values.email || !values.password)
  fail('usage: npm run user:create -- --email <e-mail> --password <password> [--superuser] [--nickname <name>]');
const email = checkEmail(values.email);
if (!email.ok) fail(`invalid e-mail: ${email.reason}`);
const problem = passwordProblem(values.password);
if (problem) fail(problem);
// Register's rule (trimmed, 2 to 40 characters: the column is varchar(100) on PostgreSQL, and '' names nobody) and
// register's default, the address's local part.
let nickname = email.email.slice(0, email.email.lastIndexOf('@')).slice(0, NICKNAME_MAX_LENGTH);
if (values.nickname !== undefined) {
  const checked = Nickname.safeParse(values.nickname);
  if (!checked.success) fail(checked.error.issues[0]!.message);
  nickname = checked.data;
}

const config = loadConfig();
const db = await openDatabase(config.database);
try {
  await migrateToLatest(db);
  const users = new UsersRepository(db.kysely);
  if (await users.findByEmail(email.email)) fail(`a user with the e-mail ${email.email} exists already`);
  const user = await users.create({
    id: randomUUID(),
    email: email.email,
    hashed_password: await hashPassword(values.password),
    is_active: true,
    is_superuser: values.superuser,
    // An operator vouches for the address.
    is_verified: true,
    nickname,
    avatar: null,
    bio: '',
    client_id: null,
    vip_expire_at: null,
    locale: 'zh',
  });
  console.log(`created ${user.is_superuser ? 'superuser' : 'user'} ${user.email} (${user.id})`);
} finally {
  await db.close();
}
