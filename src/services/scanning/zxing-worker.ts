/// <reference lib="webworker" />
// Decodes camera frames with zxing-wasm off the main thread. The .wasm comes from the build (no CDN:
// the portal's Content-Security-Policy allows its own origin only).
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export interface FrameRequest {
  frame: ImageBitmap;
}
export interface FrameAnswer {
  codes: Array<{ text: string; format: string }>;
  error?: string;
}

let canvas: OffscreenCanvas | null = null;

self.onmessage = async (message: MessageEvent<FrameRequest>) => {
  const { frame } = message.data;
  try {
    canvas ??= new OffscreenCanvas(frame.width, frame.height);
    if (canvas.width !== frame.width || canvas.height !== frame.height) {
      canvas.width = frame.width;
      canvas.height = frame.height;
    }
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(frame, 0, 0);
    const image = context.getImageData(0, 0, frame.width, frame.height);
    const results = await readBarcodes(image, {
      formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'ITF'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    const answer: FrameAnswer = {
      codes: results.filter((r) => r.isValid).map((r) => ({ text: r.text, format: String(r.format) })),
    };
    postMessage(answer);
  } catch (error) {
    postMessage({ codes: [], error: String(error) } satisfies FrameAnswer);
  } finally {
    frame.close();
  }
};
