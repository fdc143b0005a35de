/**
 * Resolves in a task of its own, so the browser may paint and take input between the steps of a long
 * start: each step then counts as its own short task, not one long one (blocking time). A
 * message, not a timer: a background tab's timers wait up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
