import { Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Card } from '../components/ui/card.tsx';

/** A clearly marked stand-in for a screen whose issue has not landed yet. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center p-6">
      <Card className="w-full p-8 text-center">
        <Construction className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
        <h1 className="font-display text-2xl font-semibold">Not built yet</h1>
        <p className="mt-2 text-ink/70">
          The screen for <code className="rounded bg-ink/5 px-1">{pathname}</code> is planned but not part of this version.
        </p>
        <Link to="/" className="mt-6 inline-block text-accent-ink underline underline-offset-4">
          Return to Home
        </Link>
      </Card>
    </main>
  );
}
