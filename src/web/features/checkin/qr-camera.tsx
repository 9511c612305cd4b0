import { CameraOff } from 'lucide-react';
import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { CAMERA_TEXTS, cameraErrorText, cameraSupported } from './camera-error.ts';

/** docs/product.md#check-in: up to 25 scans a second, scan region two thirds of the smaller side, rear camera. */
const SCANS_PER_SECOND = 25;
const REGION_SHARE = 2 / 3;
/** A camera that has decoded nothing for this long gets a hint (hold steady, or type the PIN). */
export const DECODE_TIMEOUT_MS = 10_000;

/** The centred square, two thirds of the video's smaller side, that the decoder reads. */
export function scanRegion(video: { videoWidth: number; videoHeight: number }): QrScanner.ScanRegion {
  const size = Math.round(Math.min(video.videoWidth, video.videoHeight) * REGION_SHARE);
  return {
    x: Math.round((video.videoWidth - size) / 2),
    y: Math.round((video.videoHeight - size) / 2),
    width: size,
    height: size,
    downScaledWidth: Math.min(size, 400),
    downScaledHeight: Math.min(size, 400),
  };
}

type Engine = Worker | BarcodeDetectorLike;
type BarcodeDetectorLike = { detect: unknown };

/**
 * qr-scanner's decoder: the browser's BarcodeDetector where it reads QR codes (qr-scanner's own choice),
 * else our worker file (qr-decode.worker.ts) instead of qr-scanner's blob: worker, which the CSP refuses.
 * (qr-scanner gives up on a BarcodeDetector that answers nothing for 10 s: its decode timeout.)
 */
function preferOwnWorker(Scanner: typeof QrScanner) {
  const scanner = Scanner as unknown as { createQrEngine: () => Promise<Engine>; __turnout?: true };
  if (scanner.__turnout) return;
  const original = scanner.createQrEngine.bind(Scanner);
  scanner.createQrEngine = async () => {
    const Detector = (window as { BarcodeDetector?: { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
    const native = Detector?.getSupportedFormats
      ? (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')
      : false;
    if (native) return original();
    return new Worker(new URL('./qr-decode.worker.ts', import.meta.url), { type: 'module' });
  };
  scanner.__turnout = true;
}

/**
 * The camera viewfinder: qr-scanner (loaded with this screen only) decodes frames and hands each QR's
 * content to `onCode` (often many times a second: the caller drops repeats). Camera failures show the
 * texts of docs/product.md#check-in in place of the video.
 */
export function QrCamera({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [idle, setIdle] = useState(false);
  const lastDecode = useRef(Date.now());

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!cameraSupported()) {
      setError(CAMERA_TEXTS.unsupported);
      return;
    }
    let cancelled = false;
    let scanner: QrScanner | null = null;
    void (async () => {
      try {
        const { default: Scanner } = await import('qr-scanner');
        if (cancelled) return;
        preferOwnWorker(Scanner);
        scanner = new Scanner(
          video,
          (result) => {
            lastDecode.current = Date.now();
            setIdle(false);
            handler.current(result.data);
          },
          {
            returnDetailedScanResult: true,
            maxScansPerSecond: SCANS_PER_SECOND,
            calculateScanRegion: scanRegion,
            preferredCamera: 'environment',
            highlightScanRegion: false,
            highlightCodeOutline: false,
            onDecodeError: () => {},
          },
        );
        await scanner.start();
        if (cancelled) return;
        lastDecode.current = Date.now();
        setRunning(true);
      } catch (err) {
        if (cancelled) return;
        const text = cameraErrorText(err);
        if (text) setError(text);
      }
    })();
    return () => {
      cancelled = true;
      scanner?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setIdle(Date.now() - lastDecode.current > DECODE_TIMEOUT_MS), 1_000);
    return () => clearInterval(t);
  }, [running]);

  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-black">
      <video ref={videoRef} className="size-full object-cover" muted playsInline aria-label="Camera viewfinder" />
      {error ? (
        <div className="absolute inset-0 grid place-items-center p-6 text-center" role="alert">
          <div className="grid justify-items-center gap-3">
            <CameraOff className="size-10 text-white/80" aria-hidden="true" />
            <p className="text-base font-medium text-balance text-white">{error}</p>
            <p className="text-sm text-white/70">Type the PIN or ticket code below instead.</p>
          </div>
        </div>
      ) : (
        <>
          {/* The square the decoder reads: two thirds of the smaller side, centred. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 aspect-square w-2/3 -translate-x-1/2 -translate-y-1/2 rounded-xl border-4 border-white/90 shadow-[0_0_0_999px_rgba(0,0,0,0.35)]"
          />
          {!running ? <p className="absolute inset-x-0 bottom-3 text-center text-sm text-white/80">Starting camera…</p> : null}
          {running && idle ? (
            <p className="absolute inset-x-3 bottom-3 rounded-lg bg-black/70 px-3 py-2 text-center text-sm text-white">
              No QR code found yet. Hold the ticket steady inside the square, or type its PIN below.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
