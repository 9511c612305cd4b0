import { CALENDAR_LABELS, type EventEmailView } from './view.ts';

/** The plain-text part of an event e-mail: the same sentences as the HTML, links written out. */
export function eventEmailText(v: EventEmailView): string {
  const block = (lines: (string | null | false | undefined)[]) => lines.filter((l): l is string => !!l).join('\n');
  const blocks = [
    v.greeting,
    v.lead,
    block([
      v.title,
      v.subtitle,
      v.host,
      ...v.details.flatMap((d) => [`${d.label}: ${d.value}`, d.link && `${d.link.label}: ${d.link.href}`]),
    ]),
    v.button && `${v.button.textLabel}: ${v.button.href}`,
    v.ticket && block([v.ticket.caption, `PIN: ${v.ticket.pin}`]),
    v.receipt && block([`Receipt · order ${v.receipt.number}`, ...v.receipt.rows.map((r) => `${r.label}: ${r.value}`)]),
    v.calendar &&
      block([
        'Add to calendar:',
        `${CALENDAR_LABELS.google}: ${v.calendar.google}`,
        `${CALENDAR_LABELS.outlook}: ${v.calendar.outlook}`,
        `${CALENDAR_LABELS.ics}: ${v.calendar.ics}`,
      ]),
    block(v.links.map((l) => `${l.before ?? ''}${l.label}: ${l.href}`)),
    v.footer,
  ];
  return `${blocks.filter((b): b is string => !!b).join('\n\n')}\n`;
}
