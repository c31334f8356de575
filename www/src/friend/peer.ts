// The direct link between two browsers: an RTCPeerConnection with one
// ordered data channel. The whole connection description, with every
// address candidate, goes in the invitation (gathering is awaited, not
// trickled), so one invitation and one answer connect the two pages. With
// no STUN server, only the devices' own addresses are offered: enough on
// one network, and nothing is asked of any host.

/** How long address gathering may take before the description is sent with what was found. */
const GATHER_MS = 5000;

export interface PeerEvents {
  open(): void;
  message(text: unknown): void;
  /** The link dropped or was closed. */
  closed(): void;
  /** The two browsers found no way to each other: the link never opened. */
  failed(): void;
}

export class Peer {
  private readonly pc: RTCPeerConnection;
  private channel: RTCDataChannel | null = null;
  private isOpen = false;
  private ended = false;

  /** `stun`: a STUN server's address (stun:host:port) for play across networks, or null. */
  constructor(
    private readonly events: PeerEvents,
    stun: string | null,
  ) {
    this.pc = new RTCPeerConnection({ iceServers: stun === null ? [] : [{ urls: stun }] });
    this.pc.addEventListener('connectionstatechange', () => {
      const s = this.pc.connectionState;
      if (s === 'failed' && !this.isOpen && !this.ended) {
        this.ended = true;
        this.pc.close();
        this.events.failed();
      } else if (s === 'failed' || s === 'closed' || s === 'disconnected') this.drop();
    });
    this.pc.addEventListener('datachannel', (e) => this.take(e.channel));
  }

  /** The inviter's side: the offer's description, with its candidates. */
  async offer(): Promise<string> {
    this.take(this.pc.createDataChannel('bigboard', { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The friend's side: takes the offer, and returns the answer's description. */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
  }

  /** The inviter's side: takes the friend's answer; the channel opens soon after. */
  async accept(answerSdp: string): Promise<void> {
    if (this.pc.signalingState !== 'have-local-offer') throw new Error('this invitation has been answered already; make a new one');
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  get open(): boolean {
    return this.isOpen;
  }

  /** Sends `text`; false when the link is not open or refused it (a message too large for it). */
  send(text: string): boolean {
    if (this.channel === null || this.channel.readyState !== 'open') return false;
    try {
      this.channel.send(text);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.ended = true;
    this.channel?.close();
    this.pc.close();
  }

  private take(channel: RTCDataChannel): void {
    this.channel = channel;
    channel.addEventListener('open', () => {
      this.isOpen = true;
      this.events.open();
    });
    channel.addEventListener('message', (e) => this.events.message(e.data));
    channel.addEventListener('close', () => this.drop());
  }

  private drop(): void {
    const was = this.isOpen;
    this.isOpen = false;
    if (was && !this.ended) {
      this.ended = true;
      // A half-dead connection is not kept: the next invitation makes a new one.
      this.channel?.close();
      this.pc.close();
      this.events.closed();
    }
  }

  /** The local description once every candidate is in it (or the wait is over). */
  private async gathered(): Promise<string> {
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const done = () => {
          if (this.pc.iceGatheringState !== 'complete') return;
          this.pc.removeEventListener('icegatheringstatechange', done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(resolve, GATHER_MS);
        this.pc.addEventListener('icegatheringstatechange', done);
      });
    }
    const sdp = this.pc.localDescription?.sdp;
    if (sdp === undefined) throw new Error('the browser made no connection description');
    return sdp;
  }
}
