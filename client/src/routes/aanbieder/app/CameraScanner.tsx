import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';

/** The Barcode Detection API, where the browser has it (Chromium on Android, macOS, ChromeOS). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Card barcodes, the digital card's and the pickup code's QR codes. */
const WANTED_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'itf', 'codabar'];

/** Reads one frame of the video: the code it shows, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own detector when it reads QR codes. */
async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  const supported = (await Detector.getSupportedFormats?.().catch(() => [])) ?? WANTED_FORMATS;
  if (!supported.includes('qr_code')) return null;
  const detector = new Detector({ formats: WANTED_FORMATS.filter((f) => supported.includes(f)) });
  return async (video) => (await detector.detect(video))[0]?.rawValue || null;
}

/**
 * Elsewhere (Firefox, Safari, Chromium on Windows and Linux): jsQR, loaded only now (a chunk of its own, never on a
 * page that does not scan), reading QR codes from the video drawn on a canvas. Plastic cards' barcodes need the
 * browser's detector; their number can always be typed.
 */
async function libraryReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // At most 640 pixels wide: enough for a phone's QR code, cheap enough for 4 frames a second.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

/** The Dutch answer for why the camera did not start (getUserMedia's error names). */
export function cameraProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'U heeft de camera niet toegestaan. Geef de browser toestemming voor de camera, of typ het pasnummer of de afhaalcode in.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera')
    return 'Er is geen camera gevonden op dit apparaat. Typ het pasnummer of de afhaalcode in.';
  if (name === 'NotReadableError')
    return 'De camera is in gebruik door een andere app. Sluit die app, of typ het pasnummer of de afhaalcode in.';
  return 'De camera kon niet worden gestart. Probeer het opnieuw, of typ het pasnummer of de afhaalcode in.';
}

interface CameraScannerProps {
  /** Called once with the first code seen; the camera is stopped first. */
  onCode: (code: string) => void;
  onClose: () => void;
}

/**
 * "Scan pas of code": a camera preview that reads the digital card's QR code, a pickup code's QR code or (where the
 * browser's detector reads barcodes) a plastic card's barcode. Never required: typing works the same. The camera
 * stops when a code is read, when the user stops it, and when the component goes away; a refused or missing camera
 * gets a Dutch answer and the field stays.
 */
export function CameraScanner({ onCode, onClose }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The latest callback, without restarting the camera when the parent re-renders.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer !== undefined) window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // Every failure is caught inside: the camera could not start, and the screen says why.
    void (async () => {
      try {
        if (typeof navigator.mediaDevices?.getUserMedia !== 'function')
          throw Object.assign(new Error('no camera'), { name: 'NoCamera' });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const read = (await nativeReader().catch(() => null)) ?? (await libraryReader());
        if (stopped) return;
        setReady(true);
        const scan = async () => {
          if (stopped || !video.current) return;
          try {
            const found = await read(video.current);
            if (found) {
              stop();
              onCodeRef.current(found);
              return;
            }
          } catch {
            /* a frame that could not be read: try the next one */
          }
          timer = window.setTimeout(() => void scan(), 250);
        };
        void scan();
      } catch (error) {
        stop();
        setProblem(cameraProblem(error));
      }
    })();
    return stop;
  }, []);

  return (
    <div className="gw-scanner">
      {problem ? (
        <Alert variant="warning" role="alert">
          <p>{problem}</p>
        </Alert>
      ) : (
        <>
          <video ref={video} muted playsInline aria-label="Camerabeeld voor het scannen van de pas of de QR-code" />
          <p role="status">{ready ? 'Houd de pas of de QR-code voor de camera.' : 'De camera wordt gestart…'}</p>
        </>
      )}
      <button type="button" className="gw-button gw-button--secondary" onClick={onClose}>
        {problem ? 'Sluiten' : 'Scannen stoppen'}
      </button>
    </div>
  );
}
