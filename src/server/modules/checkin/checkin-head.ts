import type { Context } from 'hono';
import { CHECKIN_APP_HEAD, CHECKIN_APP_SCREENS } from '../../../common/checkin-app.ts';
import type { AppEnv } from '../../http/context.ts';
import type { PageHead } from '../../http/spa.ts';

/** The check-in screens name the door app's manifest (docs/decisions/0035-offline-door.md); no other page does. */
export async function checkinHeadProvider(_c: Context<AppEnv>, pathname: string): Promise<PageHead | null> {
  return CHECKIN_APP_SCREENS.test(pathname) ? { head: CHECKIN_APP_HEAD } : null;
}
