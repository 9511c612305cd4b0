import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { TWO_FACTOR_REQUIRED } from '../../../common/messages.ts';
import { SwitchField } from '../../components/ui/switch.tsx';
import { useSession } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import { useSettings, useUpdateSettings } from './people-api.ts';

/** The owner's switch on the People page: two-factor sign-in for everyone who manages paid events. */
export function TwoFactorRuleSwitch() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const on = settings.data?.require_two_factor_for_paid ?? false;
  return (
    <SwitchField
      id="require-two-factor"
      label="Require two-factor sign-in for paid events"
      hint="Owners and co-hosts of paid events must turn on two-factor sign-in before they can manage them."
      checked={on}
      disabled={settings.isPending || update.isPending}
      onCheckedChange={(checked) =>
        update.mutate(
          { require_two_factor_for_paid: checked },
          {
            onSuccess: () => notify.success(checked ? 'Two-factor required for paid events' : 'Two-factor no longer required'),
            onError: (err) => notify.error('Could not change the setting', toUserMessage(err)),
          },
        )
      }
    />
  );
}

/** What the API's 403 two_factor_required says, with the way to fix it. */
export function TwoFactorRequiredNotice({ className }: { className?: string }) {
  return (
    <div role="alert" className={`flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 ${className ?? ''}`}>
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        {TWO_FACTOR_REQUIRED}{' '}
        <Link to="/auth/account" className="font-medium underline underline-offset-4">
          Set up two-factor sign-in
        </Link>
      </p>
    </div>
  );
}

/**
 * The admin's banner (docs/product.md#people): shown while the owner requires two-factor for paid
 * events, the signed-in user has none, and owns or co-hosts a paid event.
 */
export function TwoFactorRuleBanner() {
  const user = useSession().data;
  const settings = useSettings();
  const events = useEvents();
  const affected = events.data?.some((e) => e.is_paid_event && e.role !== 'door') ?? false;
  if (!user || user.twoFactorEnabled || !settings.data?.require_two_factor_for_paid || !affected) return null;
  return <TwoFactorRequiredNotice className="mb-6" />;
}
