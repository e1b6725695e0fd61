import type { Kysely } from 'kysely';
import { asciiEmail } from '../../accounts/email-domain';

// Addresses are stored and compared with their domain in ASCII (punycode) from now on (decision 0010): rows written
// before that with an internationalised domain are converted, or their users could no longer log in. A row whose
// ASCII form another row already holds (the same mailbox registered twice, once in each form) is left as it is: one
// of the two accounts answers to the address from now on, and an operator decides about the other.
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: string; email: string }[] = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', '%@%')
    .execute();
  for (const row of rows) {
    const email = asciiEmail(row.email);
    if (email === row.email) continue;
    const lower = email.toLowerCase();
    const taken = await db.selectFrom('users').select('id').where('email_lower', '=', lower).executeTakeFirst();
    if (taken) continue;
    await db.updateTable('users').set({ email, email_lower: lower }).where('id', '=', row.id).execute();
  }
}

// Nothing to undo: the ASCII form is as valid an address as the other.
export async function down(): Promise<void> {}
