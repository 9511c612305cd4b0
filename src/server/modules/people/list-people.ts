import { and, desc, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { TPeople, TPerson } from '../../../common/schemas/people.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { host_invitations } from '../../db/schema/events.ts';

type PersonRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  two_factor_enabled: boolean;
  deactivated_at: Date | string | null;
  created_at: Date | string;
  last_active_at: Date | string | null;
  events: TPerson['events'];
};

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Everyone with an account, each with every event they own or are on the team of (newest event
 * first) and the last use of their sessions: one query (docs/product.md#people).
 */
async function selectPeople(db: DbOrTx, where: SQL = sql`true`): Promise<TPerson[]> {
  const rows = await db.execute<PersonRow>(sql`
    SELECT u.id, u.name, u.email, u.role, u.two_factor_enabled, u.deactivated_at, u.created_at,
      (SELECT max(s.updated_at) FROM "session" s WHERE s.user_id = u.id AND s.expires_at > now()) AS last_active_at,
      coalesce((
        SELECT json_agg(json_build_object('id', e.id, 'title', e.title, 'role', r.role, 'is_paid_event', e.is_paid_event)
                        ORDER BY e.event_date DESC, e.id)
        FROM (SELECT id AS event_id, 'owner' AS role FROM events WHERE user_id = u.id
              UNION ALL
              SELECT event_id, role FROM event_hosts WHERE user_id = u.id) r
        JOIN events e ON e.id = r.event_id
      ), '[]'::json) AS events
    FROM "user" u
    WHERE ${where}
    ORDER BY u.created_at, u.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    is_owner: r.role === 'admin',
    two_factor: r.two_factor_enabled,
    deactivated_at: r.deactivated_at ? iso(r.deactivated_at) : null,
    created_at: iso(r.created_at),
    last_active_at: r.last_active_at ? iso(r.last_active_at) : null,
    events: r.events,
  }));
}

export async function getPerson(db: DbOrTx, id: string): Promise<TPerson | undefined> {
  return (await selectPeople(db, sql`u.id = ${id}`))[0];
}

/** The People page: the accounts and the owner's open invitations to host. */
export async function listPeople({ db, now = new Date() }: { db: DbOrTx; now?: Date }): Promise<TPeople> {
  const [people, invitations] = await Promise.all([
    selectPeople(db),
    db
      .selectDistinctOn([host_invitations.email], {
        email: host_invitations.email,
        created_at: host_invitations.created_at,
        expires_at: host_invitations.expires_at,
      })
      .from(host_invitations)
      .where(and(isNull(host_invitations.event_id), isNull(host_invitations.used_at), gt(host_invitations.expires_at, now)))
      .orderBy(host_invitations.email, desc(host_invitations.created_at)),
  ]);
  return {
    people,
    invitations: invitations
      .map((i) => ({ email: i.email, created_at: iso(i.created_at), expires_at: iso(i.expires_at) }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at)),
  };
}
