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

/** Card barcodes and the pickup code's QR code. */
const WANTED_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'itf', 'codabar'];

function detectorClass(): BarcodeDetectorClass | null {
  if (typeof window === 'undefined') return null;
  const candidate = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function'
    ? candidate
    : null;
}

/** True when this browser can scan with the camera; the scan button is hidden otherwise. */
export function canScan(): boolean {
  return detectorClass() !== null;
}

interface CameraScannerProps {
  /** Called once with the first code seen; the camera is stopped first. */
  onCode: (code: string) => void;
  onClose: () => void;
}

/**
 * A camera preview that reads a card's barcode or a pickup code's QR code. Never required: typing works the same,
 * and the component is only offered where BarcodeDetector exists. The camera stops when a code is read, when the
 * user stops it, and when the component goes away.
 */
export function CameraScanner({ onCode, onClose }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The latest callback, without restarting the camera when the parent re-renders.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer !== undefined) window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // Every failure is caught inside: the camera could not start, and the screen says so.
    void (async () => {
      try {
        const supported = (await Detector.getSupportedFormats?.()) ?? WANTED_FORMATS;
        const formats = WANTED_FORMATS.filter((f) => supported.includes(f));
        const detector = new Detector(formats.length ? { formats } : undefined);
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        setReady(true);
        const scan = async () => {
          if (stopped || !video.current) return;
          try {
            const [found] = await detector.detect(video.current);
            if (found?.rawValue) {
              stop();
              onCodeRef.current(found.rawValue);
              return;
            }
          } catch {
            /* a frame that could not be read: try the next one */
          }
          timer = window.setTimeout(() => void scan(), 250);
        };
        void scan();
      } catch {
        stop();
        setProblem(
          'De camera kon niet worden gestart. Geef de browser toestemming voor de camera, of typ het nummer in.',
        );
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
          <p role="status">
            {ready ? 'Houd de pas of de QR-code van de afhaalcode voor de camera.' : 'De camera wordt gestart…'}
          </p>
        </>
      )}
      <button type="button" className="gw-button gw-button--secondary" onClick={onClose}>
        Scannen stoppen
      </button>
    </div>
  );
}
