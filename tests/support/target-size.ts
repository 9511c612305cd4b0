import type { Locator, Page } from '@playwright/test';

/**
 * Touch targets smaller than 44×44 px (docs/product.md#accessibility; WCAG 2.5.5) on the page as it is now,
 * as "what — W×H" lines readable in a failure message; tests/e2e/accessibility.spec.ts runs it at 375 px.
 *
 * Every visible interactive element counts: button, a[href], input, select, textarea, summary and the
 * button / link / checkbox / radio / switch / tab / menuitem / option roles. Its hit box is measured the way
 * a finger meets it, by hit testing (document.elementFromPoint) outward from its centre along both axes:
 * a point counts when it lands on the element, inside it, or on one of its <label>s. So a label that wraps
 * a small checkbox, a visually hidden input's label, padding, and a ::before/::after that enlarges the
 * area all count; whatever covers part of it (a neighbour's enlarged area, a sticky bar) does not.
 * A target that takes no pointer events (a disabled button) is measured by its box and its labels' boxes.
 *
 * Exempt, and only this (WCAG 2.5.8's inline exception): a link laid out inline (display: inline) inside
 * a block whose own text, outside any interactive element, is not empty: a link in running prose, whose
 * height the line of text sets. Radix's aria-hidden, untabbable copies of form inputs are not targets.
 */
export async function smallTargets(page: Page, scope?: Locator, min = 44): Promise<string[]> {
  const root = scope ? await scope.elementHandle() : null;
  return page.evaluate(
    ([rootEl, min]) => {
      const SELECTOR =
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option]';
      const scopeEl = (rootEl as Element | null) ?? document.body;
      const interactive = (el: Element) => el.closest(SELECTOR);

      const name = (el: Element) => {
        const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
        const text = labelled.replace(/\s+/g, ' ').trim().slice(0, 50);
        const role = el.getAttribute('role') ?? (el instanceof HTMLInputElement ? `${el.type}` : el.tagName.toLowerCase());
        return `${role} "${text || (el as HTMLInputElement).name || ''}"`;
      };

      // A link inside running prose: the exemption above.
      const inProse = (el: Element) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        if (!block) return false;
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.textContent?.trim() && !interactive(n.parentElement as Element)) return true;
        }
        return false;
      };

      const found: string[] = [];
      for (const el of scopeEl.querySelectorAll(SELECTOR)) {
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        if (el.closest('[aria-hidden="true"]') && (el as HTMLElement).tabIndex < 0) continue;
        // Inside an inert subtree (the editor's page preview) nothing can be tapped or focused.
        if (el.closest('[inert]')) continue;
        if (inProse(el)) continue;
        const labels = [...((el as HTMLInputElement).labels ?? [])];
        const owners = [el, ...labels];
        const owns = (x: number, y: number) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && owners.some((o) => o.contains(hit));
        };
        const boxes = owners.map((o) => o.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
        if (getComputedStyle(el).pointerEvents === 'none') {
          const w = Math.max(0, ...boxes.map((r) => r.width));
          const h = Math.max(0, ...boxes.map((r) => r.height));
          if (w < min - 0.5 || h < min - 0.5) found.push(`${name(el)} — ${Math.round(w)}×${Math.round(h)} (no pointer events)`);
          continue;
        }
        // From the centre of the element, or of a label when the element itself is not hit there (visually
        // hidden); measured again once scrolled to the middle of its scroller when something (a sticky bar, an
        // edge) hides part of it. Whole pixels: hit testing rounds the point.
        const measureFrom = (o: Element) => {
          const r = o.getBoundingClientRect();
          const x = Math.round(r.left + r.width / 2);
          const y = Math.round(r.top + r.height / 2);
          if (!owns(x, y)) return null;
          // Extent from the centre in one direction, up to `min` px (enough to decide).
          const reach = (dx: number, dy: number) => {
            let d = 0;
            while (d < min && owns(x + dx * (d + 1), y + dy * (d + 1))) d++;
            return d;
          };
          return { w: Math.min(reach(-1, 0) + reach(1, 0) + 1, 2 * min), h: Math.min(reach(0, -1) + reach(0, 1) + 1, 2 * min) };
        };
        const visible = owners.filter((o) => o.getBoundingClientRect().width > 0);
        let size = visible.map(measureFrom).find(Boolean);
        if (!size || size.w < min || size.h < min) {
          (visible.find((o) => o.getBoundingClientRect().width > 2) ?? el).scrollIntoView({ block: 'center', inline: 'center' });
          size = visible.map(measureFrom).find(Boolean);
        }
        if (!size) {
          const r = el.getBoundingClientRect();
          const over = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          found.push(`${name(el)} — covered by ${over ? name(over) : 'nothing'}`);
          continue;
        }
        const { w, h } = size;
        if (w < min || h < min) found.push(`${name(el)} — ${w}×${h}`);
      }
      return found;
    },
    [root, min] as const,
  );
}
