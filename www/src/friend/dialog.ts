// The "Play a friend" dialog: make an invitation (a link, its QR code and
// the same as text), paste the friend's answer, or answer an invitation;
// and the optional STUN server for play across networks. Everything
// received is shown as text, never as HTML.
import { errorMessage } from '../engine/engine';
import { codeIn } from './code';
import { drawQr } from './qr';
import type { FriendSession } from './session';
import type { Side } from './message';

export const STUN_KEY = 'bigboard.friend.stun';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

export class FriendDialog {
  readonly dialog: HTMLDialogElement;
  private readonly side: HTMLSelectElement;
  private readonly make: HTMLButtonElement;
  private readonly codeBox: HTMLElement;
  private readonly codeLabel: HTMLElement;
  private readonly qr: HTMLCanvasElement;
  private readonly link: HTMLTextAreaElement;
  private readonly paste: HTMLTextAreaElement;
  private readonly stun: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly inviteRow: HTMLElement;

  constructor(
    private readonly session: FriendSession,
    private readonly store: Storage | null,
    /** The page's address, to which the links point. */
    private readonly base: () => string,
  ) {
    this.side = el('select', { id: 'friend-side' });
    for (const [value, label] of [['0', 'White'], ['1', 'Black'], ['random', 'a side drawn at random']]) this.side.append(el('option', { value, textContent: label }));
    this.make = el('button', { type: 'button', id: 'friend-make', textContent: 'Make an invitation' });
    this.inviteRow = el('div', { className: 'friend-row' }, el('label', {}, 'You play ', this.side), this.make);
    this.codeLabel = el('p', { id: 'friend-code-label', className: 'friend-code-label' });
    this.qr = el('canvas', { id: 'friend-qr', className: 'friend-qr' });
    this.qr.setAttribute('role', 'img');
    this.link = el('textarea', { id: 'friend-link', readOnly: true, rows: 3, spellcheck: false });
    this.link.setAttribute('aria-labelledby', 'friend-code-label');
    const copy = el('button', { type: 'button', id: 'friend-copy', textContent: 'Copy' });
    // Where the browser can hand a link to another app (a phone's messaging apps).
    const share = el('button', { type: 'button', id: 'friend-share', textContent: 'Share…', hidden: typeof navigator.share !== 'function' });
    this.codeBox = el('div', { className: 'friend-code', hidden: true }, this.codeLabel, this.qr, this.link, el('div', { className: 'buttons' }, copy, share));
    this.paste = el('textarea', { id: 'friend-paste', rows: 3, spellcheck: false, placeholder: 'https://…#friend-answer=… or the code alone' });
    const connect = el('button', { type: 'button', id: 'friend-connect', textContent: 'Connect' });
    const pasteBox = el(
      'div',
      { className: 'friend-paste' },
      el('label', { htmlFor: 'friend-paste', textContent: "Paste your friend's answer here, or an invitation you were sent:" }),
      this.paste,
      el('div', { className: 'buttons' }, connect),
    );
    this.stun = el('input', { id: 'friend-stun', type: 'text', spellcheck: false, placeholder: 'stun:stun.example.org:3478' });
    this.stun.value = this.readStun();
    const network = el(
      'details',
      { className: 'friend-network', id: 'friend-network' },
      el('summary', { textContent: 'Across networks' }),
      el('p', {
        textContent:
          'On one network the two devices find each other by their own addresses, and no other host takes part. To play across networks, name a STUN server: each device asks it once for its public address, which goes in the invitation. The moves still go directly between the two devices. Empty: none is asked.',
      }),
      el('label', {}, 'STUN server ', this.stun),
    );
    this.status = el('p', { id: 'friend-status', className: 'friend-status' });
    this.status.setAttribute('role', 'status');
    const close = el('button', { type: 'button', id: 'friend-close', textContent: 'Close' });
    this.dialog = el(
      'dialog',
      { id: 'friend-dialog', className: 'friend-dialog' },
      el('h2', { id: 'friend-title', textContent: 'Play a friend' }),
      el('p', {
        className: 'friend-intro',
        textContent:
          'Your friend plays on their own device. Send them the invitation (the link, the QR code or the text); they send back their answer the same way, and the two pages connect directly, with no server between them.',
      }),
      this.inviteRow,
      this.codeBox,
      pasteBox,
      network,
      this.status,
      el('div', { className: 'buttons' }, close),
    );
    this.dialog.setAttribute('aria-labelledby', 'friend-title');
    document.body.append(this.dialog);

    this.make.addEventListener('click', () => void this.invite());
    copy.addEventListener('click', () => void this.copy());
    share.addEventListener('click', () => {
      navigator.share({ title: 'bigboard', url: this.link.value }).catch((e: unknown) => {
        // Closing the share sheet is no error.
        if (!(e instanceof DOMException && e.name === 'AbortError')) this.say(`Not shared: ${errorMessage(e)}`);
      });
    });
    connect.addEventListener('click', () => void this.takePasted());
    close.addEventListener('click', () => this.dialog.close());
    this.stun.addEventListener('change', () => this.saveStun());
    session.onChange(() => {
      if (session.state === 'connected' && this.dialog.open) this.dialog.close();
      if (this.dialog.open) this.say(session.notice);
    });
  }

  /** Opens the dialog to make an invitation (a reconnection when a game with a friend is live). */
  show(): void {
    this.inviteRow.hidden = false;
    this.side.disabled = this.session.active;
    this.make.textContent = this.session.active ? 'Make an invitation to go on' : 'Make an invitation';
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Opens the dialog answering the invitation `code` (from the page's address). */
  async answer(code: string): Promise<void> {
    this.inviteRow.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    const stun = this.stunServer();
    if (stun === undefined) return;
    this.clearCode();
    this.say('Answering the invitation…');
    try {
      const link = await this.session.join(code, this.base(), stun);
      this.showCode('Your answer: send it back to your friend (the link, the QR code or the text).', link);
      this.say(this.session.notice);
    } catch (e) {
      this.say(`The invitation could not be answered: ${errorMessage(e)}`);
    }
  }

  /** Shows `text` in the dialog (as text). */
  say(text: string): void {
    this.status.textContent = text;
  }

  private async invite(): Promise<void> {
    const stun = this.stunServer();
    if (stun === undefined) return;
    const choice = this.side.value;
    const side: Side = choice === 'random' ? (crypto.getRandomValues(new Uint8Array(1))[0]! & 1 ? 1 : 0) : choice === '1' ? 1 : 0;
    this.make.disabled = true;
    this.clearCode();
    this.paste.value = '';
    this.say('Making the invitation…');
    try {
      const link = await this.session.invite(side, this.base(), stun);
      this.showCode('The invitation: send it to your friend (the link, the QR code or the text).', link);
      this.say(this.session.notice);
    } catch (e) {
      this.say(`No invitation: ${errorMessage(e)}`);
    } finally {
      this.make.disabled = false;
    }
  }

  /** The pasted text: an answer to this page's invitation, or an invitation to answer. */
  private async takePasted(): Promise<void> {
    const text = this.paste.value;
    const code = codeIn(text);
    if (code?.startsWith('o') === true) {
      await this.answer(code);
      return;
    }
    try {
      await this.session.connect(text);
      this.say(this.session.notice);
    } catch (e) {
      this.say(`Not connected: ${errorMessage(e)}`);
    }
  }

  /** An invitation or answer made before is not shown beside a new one being made. */
  private clearCode(): void {
    this.link.value = '';
    this.codeBox.hidden = true;
  }

  private showCode(label: string, link: string): void {
    this.codeLabel.textContent = label;
    this.link.value = link;
    this.codeBox.hidden = false;
    const drawn = drawQr(this.qr, link);
    this.qr.hidden = !drawn;
    this.qr.setAttribute('aria-label', 'QR code of the link below');
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.say('Copied.');
    } catch {
      this.link.select();
      this.say('Select the text and copy it (the browser refused to copy it for the page).');
    }
  }

  private readStun(): string {
    try {
      return this.store?.getItem(STUN_KEY) ?? '';
    } catch {
      return '';
    }
  }

  private saveStun(): void {
    if (this.stunServer() === undefined) return;
    try {
      this.store?.setItem(STUN_KEY, this.stun.value.trim());
    } catch {
      // Kept for this page only.
    }
  }

  /** The STUN server named, null for none; undefined (and the reason shown) when it is not a STUN address. */
  private stunServer(): string | null | undefined {
    const v = this.stun.value.trim();
    if (v === '') return null;
    if (!/^stuns?:[A-Za-z0-9.\-[\]:]+$/.test(v)) {
      this.say(`"${v.slice(0, 60)}" is not a STUN server's address: write it as stun:host or stun:host:port, or leave it empty.`);
      return undefined;
    }
    return v;
  }
}
