// An invitation or answer link as a QR code, drawn on a canvas (the page
// shows no image from elsewhere: the single offline file allows none), by
// the qrcode-generator package.
import qrcode from 'qrcode-generator';

/** The most a QR code holds at the lowest error correction (bytes); a longer link is offered as text only. */
const QR_MAX_BYTES = 2953;

/** Draws `text` as a QR code filling `canvas` (`px` CSS pixels wide); false when it is too long for one. */
export function drawQr(canvas: HTMLCanvasElement, text: string, px = 288): boolean {
  if (new TextEncoder().encode(text).length > QR_MAX_BYTES) return false;
  const qr = qrcode(0, 'L');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  // Four modules of quiet zone around the code, as readers expect.
  const cells = n + 8;
  const ratio = Math.max(1, Math.ceil((px * (window.devicePixelRatio || 1)) / cells));
  canvas.width = canvas.height = cells * ratio;
  canvas.style.width = canvas.style.height = `${px}px`;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return false;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect((c + 4) * ratio, (r + 4) * ratio, ratio, ratio);
  }
  return true;
}
