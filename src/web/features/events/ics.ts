export { buildIcs } from '../../../common/ics.ts';

/**
 * The add-to-calendar menu's file, for Apple Calendar and any other calendar app
 * (docs/product.md#public-event-page): the event built by common/ics.ts in the browser, saved by
 * downloadIcs. Loaded on first use (calendar-menu.tsx).
 */

/** Saves the text as a file through a temporary object URL. */
export function downloadIcs(content: string, filename = 'event.ics') {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
