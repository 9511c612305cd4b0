import type { Deps } from './http/context.ts';
import { startRateLimitSweeper } from './http/sweep-rate-limits.ts';
import { startRsvpNotifier } from './modules/guests/notify-new-rsvps.ts';
import { startJobWorker } from './modules/jobs/run-jobs.ts';
import { startOutboxWorker } from './modules/outbox/worker.ts';
import { startHoldSweeper } from './modules/payments/sweep-holds.ts';
import { startReminderSender } from './modules/reminders/send-reminders.ts';
import { startWaitlistWorker } from './modules/waitlist/send-offers.ts';
import { startWebhookWorker } from './modules/webhooks/deliver-webhooks.ts';

export type Workers = { stop: () => Promise<void> };

/** Background loops of this process (the outbox, expired rate-limit counters, guest-list jobs, new-RSVP e-mails to hosts, guests' reminders, waitlist offers, webhooks); stopped before the database closes. */
export function startWorkers(deps: Deps): Workers {
  const outbox = deps.env.OUTBOX_WORKER ? startOutboxWorker(deps) : undefined;
  const rateLimits = deps.env.RATE_LIMIT ? startRateLimitSweeper(deps) : undefined;
  // Guest-list jobs (bulk ticket e-mail, QR backfill) feed the outbox: they run where the outbox worker runs.
  const jobs = deps.env.OUTBOX_WORKER ? startJobWorker(deps) : undefined;
  const notifier = deps.env.OUTBOX_WORKER ? startRsvpNotifier(deps) : undefined;
  // Paid answers' lapsed seat holds (docs/decisions/0015-payments.md); each release happens once whichever process sweeps.
  const holds = deps.env.OUTBOX_WORKER ? startHoldSweeper(deps) : undefined;
  // Guests' reminders (docs/product.md#reminders): each goes once whichever process gets there first.
  const reminders = deps.env.OUTBOX_WORKER ? startReminderSender(deps) : undefined;
  // Waitlist offers (docs/product.md#waitlist): lapsed ones passed on, new ones announced, each once.
  const waitlist = deps.env.OUTBOX_WORKER ? startWaitlistWorker(deps) : undefined;
  // Webhooks (docs/decisions/0030-webhooks.md): the triggers queue them in the writing transaction; this loop sends them.
  const webhooks = deps.env.OUTBOX_WORKER ? startWebhookWorker(deps) : undefined;
  return {
    stop: async () => {
      await Promise.all([
        outbox?.stop(),
        rateLimits?.stop(),
        jobs?.stop(),
        notifier?.stop(),
        holds?.stop(),
        reminders?.stop(),
        waitlist?.stop(),
        webhooks?.stop(),
      ]);
    },
  };
}
