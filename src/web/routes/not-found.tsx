import { MSG } from '../../common/messages.ts';
import { NotFound } from '../components/page-states.tsx';

/** Any path the route table does not know (the server answers it with HTTP 404). */
export function Component() {
  return (
    <NotFound
      title={MSG.pageNotFound}
      documentTitle="Page not found"
      home
      icon={<p className="font-display text-7xl font-bold text-ink/80">404</p>}
    />
  );
}
