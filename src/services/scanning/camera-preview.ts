/**
 * The running camera's stream, for the dialog's <video> to show: the scan chart keeps plain data only,
 * so the stream the camera actor opened is handed to the view here, and taken back when it stops.
 */
type Listener = (stream: MediaStream | null) => void;

let current: MediaStream | null = null;
const listeners = new Set<Listener>();

export function showCameraStream(stream: MediaStream | null) {
  current = stream;
  for (const listener of listeners) listener(stream);
}

/** Calls `listener` with the stream now and on each change; returns the unsubscribe. */
export function watchCameraStream(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
