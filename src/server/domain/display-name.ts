import { sql } from 'drizzle-orm';
import { user } from '../db/schema/auth.ts';

/**
 * An account's display name in SQL: its name, else the part of its e-mail before the @ — the rule of
 * src/common/display-name.ts (displayName), for reads that join "user" ("Hosted by …", the door's "by …").
 */
export const displayNameSql = sql<string | null>`coalesce(nullif(btrim(${user.name}), ''), nullif(split_part(${user.email}, '@', 1), ''))`;
