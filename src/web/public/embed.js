/*
 * Turnout's RSVP form on another site (docs/product.md#embedding). Paste where the form should appear:
 *   <script src="https://YOUR-TURNOUT/embed.js" data-turnout-event="EVENT-ID-OR-SLUG" async></script>
 * It puts a frame of YOUR-TURNOUT/embed/EVENT after itself and keeps the frame as tall as the form. The
 * event's host must list this site under "Sites that may embed the form", or the browser shows nothing.
 */
(() => {
  const script = document.currentScript;
  if (!script) return;
  const event = script.getAttribute('data-turnout-event');
  if (!event) return;
  const origin = new URL(script.src).origin;
  const frame = document.createElement('iframe');
  frame.src = `${origin}/embed/${encodeURIComponent(event)}`;
  frame.title = script.getAttribute('data-title') || 'RSVP form';
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;max-width:40rem;height:36rem;border:0;color-scheme:normal';
  script.after(frame);
  window.addEventListener('message', (e) => {
    if (e.origin !== origin || e.source !== frame.contentWindow) return;
    const data = e.data;
    if (data && data.type === 'turnout:embed-height' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = `${Math.min(Math.ceil(data.height), 20000)}px`;
    }
  });
})();
