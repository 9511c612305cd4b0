import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { readQuestions } from './question-row.ts';

/** The event's RSVP form questions for its owner or a co-host (door staff: 404), with their answer counts. */
export async function listQuestions(opts: { db: Db; actor: Actor; eventId: string }): Promise<TQuestion[]> {
  await requireEventAccess({ db: opts.db, actor: opts.actor, id: opts.eventId, need: 'manage' });
  return readQuestions(opts.db, opts.eventId);
}
