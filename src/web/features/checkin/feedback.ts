/**
 * What the door hears and feels for a verdict (docs/product.md#check-in): a short high beep for an
 * admission, a low buzz for a refusal, and a vibration pattern to match. Best effort: a browser without
 * WebAudio or vibration stays silent, the card still says it in words.
 */
let audio: AudioContext | null = null;

function context(): AudioContext | null {
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  audio ??= new Ctor();
  if (audio.state === 'suspended') void audio.resume().catch(() => {});
  return audio;
}

/** Browsers start audio only after a gesture: call this from a tap or key press once. */
export function unlockAudio() {
  try {
    context();
  } catch {
    // no audio
  }
}

function tone(ctx: AudioContext, frequency: number, start: number, seconds: number, type: OscillatorType) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + seconds + 0.02);
}

export function signal(kind: 'ok' | 'refuse') {
  try {
    const ctx = context();
    if (ctx) {
      const t = ctx.currentTime;
      if (kind === 'ok') tone(ctx, 1320, t, 0.15, 'sine');
      else {
        tone(ctx, 180, t, 0.18, 'square');
        tone(ctx, 180, t + 0.24, 0.18, 'square');
      }
    }
  } catch {
    // no audio
  }
  try {
    navigator.vibrate?.(kind === 'ok' ? 80 : [160, 80, 160]);
  } catch {
    // no vibration
  }
}
