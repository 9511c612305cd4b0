const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** "14:05" today, "Mar 3" before (short), or the full date and time. */
export function formatSentAt(iso: string, { short = false } = {}): string {
  const d = new Date(iso);
  if (!short) return full.format(d);
  return d.toDateString() === new Date().toDateString() ? time.format(d) : day.format(d);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The e-mail as the sandboxed iframe shows it: no scripts (sandbox without allow-scripts, and a CSP
 * that says so again), links open in a new tab, images fit the pane.
 */
export function emailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><style>body{margin:16px;font:15px/1.5 system-ui,sans-serif;color:#1f1f1f;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
}
