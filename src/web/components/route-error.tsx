import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MSG } from '../../common/messages.ts';
import { errorCode } from '../lib/error-code.ts';
import { toUserMessage } from '../lib/user-message.ts';
import { LoadFailed, NotFound } from './page-states.tsx';

/**
 * Every route's error element (router.tsx): a screen that throws while loading or rendering shows
 * this instead of a blank page. A missing record is "not found"; anything else (a chunk lost to a
 * new deploy, a bug, an outage) offers a fresh load of the page.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  if ((isRouteErrorResponse(error) && error.status === 404) || errorCode(error) === 'not_found') {
    return <NotFound title={MSG.pageNotFound} home />;
  }
  return <LoadFailed message={toUserMessage(error, MSG.checkConnection)} onRetry={() => window.location.reload()} back />;
}
