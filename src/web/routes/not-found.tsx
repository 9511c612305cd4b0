import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-display text-7xl font-bold text-ink/80">404</p>
      <h1 className="text-xl">Oops! Page not found</h1>
      <Link to="/" className="text-accent-ink underline underline-offset-4 hover:text-accent">
        Return to Home
      </Link>
    </main>
  );
}
