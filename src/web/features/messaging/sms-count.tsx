import { SMS_MAX_CHARS } from '../../../common/constants.ts';
import { countSms } from '../../../common/sms.ts';

/** The live count under a message: characters of the 1,600 allowed (smsLength, the server's own rule), the encoding and the segments a carrier bills. */
export function SmsCount({ text, id }: { text: string; id: string }) {
  const c = countSms(text);
  const over = c.length > SMS_MAX_CHARS;
  return (
    <p id={id} className={`text-sm tabular-nums ${over ? 'font-medium text-danger' : 'text-ink/70'}`} aria-live="polite">
      {c.length} / {SMS_MAX_CHARS} characters · {c.segments} {c.segments === 1 ? 'segment' : 'segments'} ({c.encoding})
    </p>
  );
}
