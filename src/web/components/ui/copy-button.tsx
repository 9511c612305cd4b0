import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { notify } from '../../lib/toast.ts';

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and execCommand.
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.append(ta);
  ta.select();
  const ok = document.execCommand('copy');
  ta.remove();
  if (!ok) throw new Error('Copy is not available here.');
}

/** Copies text; the label turns into 'Copied' for two seconds and screen readers hear it. */
export function CopyButton({ text, label = 'Copy', srLabel }: { text: string; label?: string; srLabel?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-11 shrink-0"
        aria-label={srLabel}
        onClick={async () => {
          try {
            await copyText(text);
            setCopied(true);
          } catch (err) {
            notify.error('Copy failed', (err as Error).message);
          }
        }}
      >
        {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : label}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
