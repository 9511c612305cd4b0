import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** Previous / Next and "Page n of m" for a server-paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-ink/70" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
