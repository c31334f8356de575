// An answer link opened on the inviter's own device opens a new page; that
// page hands the answer to the page that made the invitation (which holds
// the connection being made) over a BroadcastChannel of the same origin.

const CHANNEL = 'bigboard-friend';
/** How long the new page waits for the inviting page to say it took the answer. */
const WAIT_MS = 1500;

interface Handed {
  answer?: unknown;
  taken?: unknown;
}

/** In an inviting page: `take` is called with each answer handed over; it says whether it took it. */
export function listenForAnswers(take: (code: string) => Promise<boolean>): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.addEventListener('message', (e: MessageEvent<Handed>) => {
    const code = e.data?.answer;
    if (typeof code !== 'string' || code.length > 20000) return;
    void take(code).then((ok) => {
      if (ok) ch.postMessage({ taken: code });
    });
  });
}

/** In a page opened with an answer link: hands `code` over; resolves to whether an inviting page took it. */
export function passAnswer(code: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const ch = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      ch.close();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), WAIT_MS);
    ch.addEventListener('message', (e: MessageEvent<Handed>) => {
      if (e.data?.taken === code) finish(true);
    });
    ch.postMessage({ answer: code });
  });
}
