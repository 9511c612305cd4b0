import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { BenchContext } from '../lib/types.ts';

/** Helpers of the guest-list scenarios (files starting with "_" are not scenarios). */

export const GUESTS = 100_000;

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Ava',
  'Elijah',
  'Sophia',
  'Mateo',
  'Isabella',
  'Lucas',
  'Mia',
  'Levi',
  'Zoë',
  'Ezra',
  'Aroha',
  'Kai',
  'Chloé',
  'José',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];

/**
 * One event of the owner with `n` guests written in one statement: names from common first and last
 * names (a surname matches ~2 % of the list), e-mails first.last.i@…, phones +1415{i}, a third
 * maybe/declined, PINs 100000 + i for the confirmed, like an imported list.
 */
export async function seedGuestList(
  ctx: BenchContext,
  n = GUESTS,
): Promise<{ eventId: string; owner: Awaited<ReturnType<BenchContext['owner']>> }> {
  const owner = await ctx.owner();
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO events (slug, user_id, title, event_date, location)
     VALUES ($1, $2, 'Bench guest list', now() + interval '30 days', 'Bench Hall') RETURNING id`,
    [`guest-list-${randomBytes(4).toString('hex')}`, owner.userId],
  );
  const eventId = rows[0]!.id;
  const started = Date.now();
  await ctx.db.query(
    `WITH ins AS (
       INSERT INTO event_rsvps (event_id, name, email, phone, guest_count, status, payment_status, attended, notes, created_at)
       SELECT $1, f || ' ' || l, lower(f || '.' || l || '.' || i) || '@example.com', '+1415' || lpad(i::text, 7, '0'),
              1 + i % 4, (ARRAY['confirmed','confirmed','maybe','declined'])[1 + i % 4], CASE WHEN i % 5 = 0 THEN 'paid' END,
              i % 9 = 0, CASE WHEN i % 13 = 0 THEN '=cmd|note ' || i END, now() - make_interval(secs => $2 - i)
       FROM generate_series(1, $2) AS i,
            LATERAL (SELECT ($3::text[])[1 + i % array_length($3::text[], 1)] AS f,
                            ($4::text[])[1 + (i / 7) % array_length($4::text[], 1)] AS l) n
       RETURNING id, event_id, status, guest_count, email)
     , pins AS (
       INSERT INTO rsvp_pins (rsvp_id, event_id, pin)
       SELECT id, event_id, (100000 + substring(email from '\\.(\\d+)@')::int)::text FROM ins WHERE status = 'confirmed')
     UPDATE events SET seats_taken = (SELECT coalesce(sum(guest_count), 0) FROM ins WHERE status = 'confirmed') WHERE id = $1`,
    [eventId, n, FIRST, LAST],
  );
  // What autovacuum does within a minute of a bulk insert: statistics, and the visibility map the counts' index-only scans need.
  await ctx.db.query('VACUUM ANALYZE event_rsvps');
  await ctx.db.query('VACUUM ANALYZE rsvp_pins');
  ctx.log(`    seeded ${n.toLocaleString('en-US')} guests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { eventId, owner };
}

/** A searcher's typing: surnames, full names, e-mail and phone fragments, PINs (confirmed guests only hold one). */
export function searchTerms(n = GUESTS): string[] {
  const terms: string[] = [];
  for (let k = 0; k < 200; k++) {
    const i = 1 + ((k * 7919) % n);
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / 7) % LAST.length]!;
    terms.push(
      last,
      `${first} ${last}`,
      `${first.toLowerCase()}.${last.toLowerCase()}.${i}`,
      String(i).padStart(7, '0').slice(-5),
      String(100000 + (i - (i % 4))),
    );
  }
  return terms;
}

/**
 * Resident memory of the process listening on `port` (the bench server), from /proc: the socket's
 * inode in /proc/net/tcp, then the process holding it. Linux only; null when not found.
 */
export function listenerPid(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(pid);
      } catch {}
    }
  }
  return null;
}

export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}
