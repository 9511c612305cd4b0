export { buildIcs } from '../../../common/ics.ts';

/**
 * Add-to-calendar's file for wide screens (docs/product.md#public-event-page): the event built by
 * common/ics.ts in the browser, saved by downloadIcs. Loaded on first use (add-to-calendar.tsx).
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
