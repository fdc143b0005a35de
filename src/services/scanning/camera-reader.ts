import { showCameraStream } from './camera-preview';
import { type CameraProblem, type CameraReport, SCAN_FORMATS, scanFormatOf } from './formats';
import type { FrameAnswer } from './zxing-worker';

/** How often a frame is read: often enough to feel instant, rarely enough to leave the phone cool. */
const FRAME_INTERVAL_MS = 200;

/** Reads codes from one frame of the camera's picture. */
interface FrameDecoder {
  read(frame: ImageBitmap): Promise<Array<{ text: string; format: string }>>;
  close(): void;
}

interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmap): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own reader (Chrome on Android, Safari 17+ on iOS) when it reads all our formats. */
async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!SCAN_FORMATS.every((format) => supported.includes(format))) return null;
  const detector = new Detector({ formats: [...SCAN_FORMATS] });
  return {
    read: async (frame) => {
      try {
        return (await detector.detect(frame)).map((code) => ({ text: code.rawValue, format: code.format }));
      } finally {
        frame.close();
      }
    },
    close: () => undefined,
  };
}

/** zxing-wasm in a worker: the decoding never blocks the page, and its code loads only now. */
function workerDecoder(): FrameDecoder {
  const worker = new Worker(new URL('./zxing-worker.ts', import.meta.url), { type: 'module' });
  let pending: ((answer: FrameAnswer) => void) | null = null;
  worker.onmessage = (message: MessageEvent<FrameAnswer>) => {
    pending?.(message.data);
    pending = null;
  };
  return {
    read: (frame) =>
      new Promise((resolve) => {
        pending = (answer) => resolve(answer.codes);
        worker.postMessage({ frame }, [frame]);
      }),
    close: () => worker.terminate(),
  };
}

const problemOf = (error: unknown): CameraProblem => {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
};

/**
 * Starts the back camera, shows its stream (camera-preview.ts) and reads a frame every
 * FRAME_INTERVAL_MS until a product code is read; reports to the scan chart. The returned stop
 * ends the reading and the camera's tracks (the light goes off).
 */
export function startCameraReader(report: (event: CameraReport) => void): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let decoder: FrameDecoder | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    decoder?.close();
    for (const track of stream?.getTracks() ?? []) track.stop();
    video.srcObject = null;
    showCameraStream(null);
  };

  const readNext = () => {
    timer = setTimeout(async () => {
      if (stopped || !decoder) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const frame = await createImageBitmap(video).catch(() => null);
        const codes = frame ? await decoder.read(frame).catch(() => []) : [];
        if (stopped) return;
        const code = codes[0];
        if (code) {
          report({ type: 'scan.detected', text: code.text, format: scanFormatOf(code.format) });
          return;
        }
      }
      readNext();
    }, FRAME_INTERVAL_MS);
  };

  void (async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch (error) {
      if (!stopped) report({ type: 'scan.cameraFailed', problem: problemOf(error) });
      return;
    }
    if (stopped) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    showCameraStream(stream);
    decoder = (await nativeDecoder()) ?? workerDecoder();
    if (stopped) {
      decoder.close();
      return;
    }
    report({ type: 'scan.cameraReady' });
    readNext();
  })();

  return stop;
}
