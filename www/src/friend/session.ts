// The game-sync controller of a game with a friend on another device: it
// makes and answers invitations, sends this page's turns as they are
// played, has the engine judge every turn that arrives (the friend's page
// is not trusted), shares resignations, draw offers and takeback
// requests, tells the friend when this page's flag falls (each page judges
// its own side's time), and on a reconnection checks that both move lists agree. The
// game itself is the app's, saved as every game is; what makes it a
// friend's game (its id, this page's side) is kept beside it.
import { errorMessage } from '../engine/engine';
import { DRAW_AGREED, resignation, sideName, type Ending } from '../record/ending';
import { FLAG_GRACE_MS } from '../clock/game-clock';
import type { TimeControl } from '../clock/clock';
import type { Color, History, Orientation, Status, VariantInfo } from '../engine/types';
import { compareMoves } from './agree';
import { linkFor, packInvitation, unpackInvitation } from './code';
import { encodeMessage, MAX_MESSAGE_CHARS, newGameId, readMessage, PROTOCOL, type GameMessage, type Message, type Side } from './message';
import { Peer } from './peer';

/** What a game with a friend needs of the game: its moves and end, and the ways to play, take back and open them. */
export interface SessionGame {
  readonly variant: VariantInfo;
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  readonly definitionText: string | null;
  /** The seed of the random setup the live game started from, or null. */
  readonly seed: number | null;
  readonly history: History;
  readonly liveStatus: Status;
  /** Whether a turn's move is played and its drops may still follow. */
  readonly turnOpen: boolean;
  readonly orientation: Orientation;
  /** The side this screen plays in the game with the friend, or null. */
  localSide: Color | null;
  /** Turns the board round. */
  flip(): void;
  /** Plays a turn from the friend's device; null when played, else why it was refused. */
  playRemote(text: string): string | null;
  /** Takes back the last `n` whole turns, as both players agreed. */
  takeBackAgreed(n: number): void;
  /** Ends the game for a reason outside the rules (resignation, agreement). */
  end(e: Ending): void;
  /** Opens the game the inviter's page sent; throws with the reason, leaving the game unchanged. */
  openShared(g: { variant: string; definition: string | null; fen: string | null; seed: number | null; moves: readonly string[] }): void;
  /** Shows `text` in the status line. */
  say(text: string): void;
  /** Calls `f` after every change of state. */
  onChange(f: () => void): void;
}

export type LinkState = 'none' | 'inviting' | 'answering' | 'connecting' | 'connected' | 'dropped' | 'disagree';

/** What makes the live game one with a friend: its id and the side this page plays. */
interface FriendGame {
  id: string;
  side: Side;
}

/** Where the friend game of the live game is kept, so a reload can reconnect it. */
export const FRIEND_KEY = 'bigboard.friend';

/**
 * The page's clock, as far as a game with a friend needs it. Each page
 * judges its own side's time: the friend's side at zero on this clock
 * waits for the friend's word (`flagFell`), a move of theirs, or a grace
 * time (FLAG_GRACE_MS) before this clock ends the game.
 */
export interface ClockHook {
  timeControl(): TimeControl | null;
  start(tc: TimeControl | null): void;
  /** Stops the running side's time until the next move or `start` (an invitation to a new game waits for the answer). */
  hold(): void;
  /** The side whose flag fell on this clock, or null. */
  fallen(): Color | null;
  /** The friend's word that `side`'s flag fell on their clock: the game ends here alike; false when there was nothing to end (no clock, or the game over). */
  flagFell(side: Color): boolean;
  /** Calls `f` when this clock ends the game on a flag it judges (this page's own side, in a game with a friend). */
  onFlag(f: (side: Color) => void): void;
  /** Calls `f` when the friend's side reaches zero on this clock (`ended` false), and when no word came within the grace time and this clock ended the game (`ended` true). */
  onOverdue(f: (side: Color, ended: boolean) => void): void;
}

export interface ChatLine {
  from: 'me' | 'friend';
  text: string;
}

/** A draw offer or takeback request waiting for an answer. */
export interface PendingOffer {
  what: 'draw' | 'takeback';
  by: 'me' | 'friend';
  /** Whole turns played when it was made. */
  ply: number;
}

const other = (c: Color): Side => (c === 0 ? 1 : 0);

/** The chat lines kept (the oldest go first). */
const MAX_CHAT_LINES = 200;

export class FriendSession {
  state: LinkState = 'none';
  /** A line about the link for the panel: what happened, what was refused and why. */
  notice = '';
  readonly chat: ChatLine[] = [];
  offer: PendingOffer | null = null;
  private game: FriendGame | null = null;
  /** The game an invitation offers, until the link opens. */
  private invited: FriendGame | null = null;
  private role: 'inviter' | 'joiner' | null = null;
  private peer: Peer | null = null;
  /** Whole turns both pages have. */
  private synced = 0;
  /** A game from the friend is being opened: the board's change is not this page leaving the game. */
  private adopting = false;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly app: SessionGame,
    private readonly store: Storage | null,
    private readonly clock: ClockHook | null,
  ) {
    const kept = this.load();
    // After a reload, the game with a friend goes on once a new invitation connects the pages again.
    if (kept !== null) {
      this.game = kept;
      app.localSide = kept.side;
      this.state = 'dropped';
      this.notice = 'Not connected to your friend: make a new invitation to go on with this game.';
    }
    app.onChange(() => this.follow());
    clock?.onFlag((side) => this.ownFlag(side));
    clock?.onOverdue((side, ended) => this.friendOverdue(side, ended));
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  /** The side this page plays in the game with a friend, or null. */
  get side(): Side | null {
    return this.game?.side ?? null;
  }

  /** Whether the live game is one with a friend (connected or not). */
  get active(): boolean {
    return this.game !== null;
  }

  /**
   * An invitation to the live game (the one with the friend again, when it
   * is one: a reconnection), this page playing `side` in a new one.
   * Resolves to the link carrying it; its code is the link's fragment.
   */
  async invite(side: Side, base: string, stun: string | null): Promise<string> {
    this.closePeer();
    // A new game's clock waits for the friend: it starts afresh when the two pages agree on the game.
    if (this.game === null) this.clock?.hold();
    this.invited = this.game ?? { id: newGameId(), side };
    this.role = 'inviter';
    const peer = this.newPeer(stun);
    const sdp = await peer.offer();
    if (this.peer !== peer) throw new Error('another invitation replaced this one');
    this.setState('inviting', 'Send the invitation to your friend, then paste their answer here.');
    return linkFor(base, await packInvitation({ kind: 'offer', sdp }));
  }

  /** The friend's side: answers the invitation in `text`; resolves to the answer's link. Throws with what is wrong. */
  async join(text: string, base: string, stun: string | null): Promise<string> {
    const inv = await unpackInvitation(text);
    if (inv.kind !== 'offer') throw new Error("that is an answer to an invitation: it goes in the inviter's page");
    this.closePeer();
    this.role = 'joiner';
    const peer = this.newPeer(stun);
    const sdp = await peer.answer(inv.sdp);
    if (this.peer !== peer) throw new Error('another invitation replaced this one');
    this.setState('answering', 'Send this answer back to your friend; the game starts when their page takes it.');
    return linkFor(base, await packInvitation({ kind: 'answer', sdp }));
  }

  /** The inviter's side: takes the friend's answer in `text`. Throws with what is wrong. */
  async connect(text: string): Promise<void> {
    const inv = await unpackInvitation(text);
    if (inv.kind !== 'answer') throw new Error('that is an invitation, not the answer to one: your friend opens it');
    if (this.role !== 'inviter' || this.peer === null) throw new Error('make an invitation first');
    await this.peer.accept(inv.sdp);
    this.setState('connecting', 'Connecting…');
  }

  /** Whether an answer can be taken now (an invitation waits for one). */
  get waitingForAnswer(): boolean {
    return this.state === 'inviting';
  }

  // ---- the players' acts

  resign(): void {
    const g = this.game;
    if (g === null || this.app.liveStatus.over) return;
    this.app.end(resignation(g.side));
    this.send({ t: 'resign' });
  }

  /** Offers a draw, or asks to take back this side's last move. */
  propose(what: 'draw' | 'takeback'): void {
    if (this.state !== 'connected' || this.app.liveStatus.over) return;
    const ply = this.wholeMoves().length;
    if (what === 'takeback' && this.takeBackCount(this.game!.side, ply) === null) {
      this.notice = 'You have no move to take back.';
      this.notify();
      return;
    }
    this.offer = { what, by: 'me', ply };
    this.notice = what === 'draw' ? 'You offered a draw.' : 'You asked to take back your last move.';
    this.send({ t: 'offer', what, ply });
    this.notify();
  }

  /** Answers the friend's offer or request. */
  answer(accept: boolean): void {
    const o = this.offer;
    if (o === null || o.by !== 'friend' || this.state !== 'connected') return;
    this.offer = null;
    this.send({ t: 'answer', what: o.what, accept, ply: o.ply });
    this.notice = accept ? '' : `You declined the ${o.what === 'draw' ? 'draw' : 'takeback'}.`;
    if (accept) this.agreed(o, other(this.game!.side));
    this.notify();
  }

  /** Sends a chat line (shown as text only, on both pages). */
  say(text: string): void {
    const t = text.trim().slice(0, 500);
    if (t === '' || this.state !== 'connected') return;
    this.addChat({ from: 'me', text: t });
    this.send({ t: 'chat', text: t });
    this.notify();
  }

  /** This page's own flag fell on its clock, which judges it: the friend's page is told, and ends the game alike. */
  private ownFlag(side: Color): void {
    const g = this.game;
    if (g === null || side !== g.side || this.state !== 'connected') return;
    this.send({ t: 'flag', ply: this.wholeMoves().length });
  }

  /** The friend's time reached zero on this page's clock: the panel says the page waits for their word, or that none came. */
  private friendOverdue(side: Color, ended: boolean): void {
    const g = this.game;
    if (g === null || side === g.side) return;
    this.notice = ended
      ? `No word came from your friend's page within ${FLAG_GRACE_MS / 1000} seconds of their time running out on this page's clock: the game ended on their flag.`
      : "Your friend's time is up on this page's clock: waiting for their page's word (a move they made in time still counts).";
    this.notify();
  }

  private addChat(line: ChatLine): void {
    this.chat.push(line);
    // A page that floods the chat does not fill this one's memory.
    if (this.chat.length > MAX_CHAT_LINES) this.chat.splice(0, this.chat.length - MAX_CHAT_LINES);
  }

  /** Ends the game with the friend on this page: the link closes and the game stays, as an ordinary one. */
  leave(): void {
    this.closePeer();
    this.forget();
    this.app.localSide = null;
    this.setState('none', '');
  }

  // ---- the link

  private newPeer(stun: string | null): Peer {
    const peer: Peer = new Peer(
      {
        open: () => {
          if (this.peer === peer) this.opened();
        },
        message: (data) => {
          if (this.peer === peer) this.receive(data);
        },
        closed: () => {
          if (this.peer === peer) this.dropped();
        },
        failed: () => {
          if (this.peer !== peer) return;
          this.peer = null;
          this.setState(
            this.game === null ? 'none' : 'dropped',
            'The two pages could not reach each other. On different networks, name a STUN server under "Across networks" in Play a friend, and make a new invitation.',
          );
        },
      },
      stun,
    );
    this.peer = peer;
    return peer;
  }

  private closePeer(): void {
    const p = this.peer;
    this.peer = null;
    p?.close();
  }

  private opened(): void {
    this.offer = null;
    if (this.role !== 'inviter') {
      this.setState('connecting', 'Connected; waiting for the game…');
      return;
    }
    const g = this.invited ?? this.game;
    if (g === null) return;
    const fresh = this.game?.id !== g.id;
    this.game = g;
    this.keep();
    this.takeSide(g.side);
    // A new game with the friend starts its clock now, as the friend's page does when the game arrives, so neither page has run it longer.
    const tc = this.clock?.timeControl() ?? null;
    if (fresh && tc !== null) this.clock?.start(tc);
    const moves = this.wholeMoves();
    const seed = this.app.seed;
    const game: GameMessage = {
      t: 'game',
      v: PROTOCOL,
      id: g.id,
      variant: this.app.variant.id,
      definition: this.app.definitionText,
      fen: seed !== null ? null : this.app.history.start_fen,
      seed,
      moves,
      side: g.side,
      clock: this.clock?.timeControl() ?? null,
    };
    if (!this.send(game)) {
      this.closePeer();
      this.setState('dropped', 'The game could not be sent to your friend (its variant definition is too large for the link); send a game link instead.');
      return;
    }
    this.setState('connecting', 'Connected; checking the game with your friend…');
    this.app.say('');
  }

  private dropped(): void {
    this.peer = null;
    this.offer = null;
    if (this.game === null) {
      this.setState('none', 'The link closed before the game started.');
      return;
    }
    this.setState('dropped', 'The link to your friend dropped. The game is saved: make a new invitation to go on, or send a game link.');
  }

  private send(m: Message): boolean {
    const text = encodeMessage(m);
    return text.length <= MAX_MESSAGE_CHARS && this.peer !== null && this.peer.send(text);
  }

  /** Refuses what arrived, saying why; the game is unchanged. */
  private refuse(why: string): void {
    this.notice = `Refused from your friend's page: ${why}. The game is unchanged.`;
    this.notify();
  }

  private receive(data: unknown): void {
    const r = readMessage(data);
    if ('error' in r) {
      this.refuse(r.error);
      return;
    }
    const m = r.message;
    if (m.t === 'game') {
      if (this.role !== 'joiner' || this.state !== 'connecting') this.refuse('a game arrived when none was expected');
      else this.takeGame(m);
      return;
    }
    if (m.t === 'ready') {
      if (this.role !== 'inviter' || this.state !== 'connecting') this.refuse('a move list arrived when none was expected');
      else this.reconcile(m.moves);
      return;
    }
    if (m.t === 'chat') {
      if (this.game === null) return this.refuse('a chat line arrived before the game');
      this.addChat({ from: 'friend', text: m.text });
      this.notify();
      return;
    }
    if (this.state !== 'connected') {
      this.refuse(this.state === 'disagree' ? 'the two move lists disagree, so nothing more is played over the link' : `a "${m.t}" message arrived before the game was agreed`);
      return;
    }
    const g = this.game!;
    const friend = other(g.side);
    const plies = this.wholeMoves().length;
    switch (m.t) {
      case 'move': {
        if (m.ply !== plies) return this.refuse(`the move ${m.move} is for move ${m.ply + 1}, and this game is at move ${plies + 1}`);
        this.synced = plies + 1;
        const error = this.app.playRemote(m.move);
        if (error !== null) {
          this.synced = plies;
          return this.refuse(`the move ${m.move}: ${error}`);
        }
        this.notice = '';
        this.notify();
        return;
      }
      case 'flag': {
        if (this.app.liveStatus.over) {
          // This page ended the game on the friend's flag already (no word came within the grace time): the word agrees.
          if (this.clock?.fallen() === friend) return;
          return this.refuse('word of their flag falling arrived after the game ended');
        }
        if (m.ply !== plies) return this.refuse(`their flag fell at move ${m.ply + 1}, and this game is at move ${plies + 1}`);
        if (this.wholeTurnSide() !== friend) return this.refuse('their flag fell on a turn not theirs');
        if (this.clock === null || !this.clock.flagFell(friend)) return this.refuse('their flag fell, and this game has no clock');
        this.notice = "Your friend's time ran out on their clock.";
        this.notify();
        return;
      }
      case 'resign':
        if (this.app.liveStatus.over) return this.refuse('a resignation arrived after the game ended');
        this.app.end(resignation(friend));
        this.notice = 'Your friend resigned.';
        this.notify();
        return;
      case 'offer':
        if (this.app.liveStatus.over) return this.refuse(`a ${m.what} offer arrived after the game ended`);
        if (m.ply !== plies) return this.refuse(`a ${m.what} offer made at move ${m.ply + 1} arrived at move ${plies + 1}`);
        if (m.what === 'takeback' && this.takeBackCount(friend, plies) === null) return this.refuse('a takeback was asked with no move of theirs to take back');
        if (this.offer?.by === 'me') {
          // Both pages see the two offers cross, and both drop them: neither page ends up holding a different one.
          this.offer = null;
          this.notice = "Your offer and your friend's crossed; neither stands. Make yours again if you still want it.";
          this.notify();
          return;
        }
        this.offer = { what: m.what, by: 'friend', ply: m.ply };
        this.notice = m.what === 'draw' ? 'Your friend offers a draw.' : 'Your friend asks to take back their last move.';
        this.notify();
        return;
      case 'answer': {
        const o = this.offer;
        if (o === null || o.by !== 'me' || o.what !== m.what || o.ply !== m.ply) return this.refuse(`an answer to no ${m.what} offer of yours arrived`);
        this.offer = null;
        this.notice = m.accept ? '' : `Your friend declined the ${m.what === 'draw' ? 'draw' : 'takeback'}.`;
        if (m.accept) this.agreed(o, g.side);
        this.notify();
        return;
      }
    }
  }

  /** An offer both accepted: the draw agreed, or `requester`'s last move taken back. */
  private agreed(o: PendingOffer, requester: Side): void {
    if (o.what === 'draw') {
      this.app.end(DRAW_AGREED);
      this.notice = 'Drawn by agreement.';
      return;
    }
    const n = this.takeBackCount(requester, o.ply);
    if (n === null) return;
    this.synced = o.ply - n;
    this.app.takeBackAgreed(n);
    this.notice = `${sideName(requester)}'s last move was taken back.`;
  }

  /** How many turns go back to take back `side`'s last move at `plies` whole turns: 1, or 2 when the other side has replied; null when it has none. */
  private takeBackCount(side: Side, plies: number): number | null {
    const n = this.wholeTurnSide() === side ? 2 : 1;
    return plies >= n ? n : null;
  }

  /** The friend's page (joiner) receives the game: a new one is opened; the same one, gone on with, is checked. */
  private takeGame(m: GameMessage): void {
    const mine: Side = other(m.side);
    const same = this.game !== null && this.game.id === m.id && this.game.side === mine && this.app.localSide === mine;
    if (!same) {
      this.adopting = true;
      try {
        this.app.openShared({ variant: m.variant, definition: m.definition, fen: m.fen, seed: m.seed, moves: m.moves });
      } catch (e) {
        this.closePeer();
        this.refuse(`its game could not be opened: ${errorMessage(e)}`);
        this.setState('none', this.notice);
        return;
      } finally {
        this.adopting = false;
      }
      this.clock?.start(m.clock);
      this.chat.length = 0;
    }
    this.game = { id: m.id, side: mine };
    this.keep();
    this.takeSide(mine);
    this.send({ t: 'ready', moves: this.wholeMoves() });
    this.reconcile(m.moves);
    this.app.say('');
  }

  /**
   * Both pages compare their move lists: the same, or one a beginning of
   * the other (a turn sent as the link dropped), and the game goes on, the
   * longer list's turns sent and judged as any; else the difference is
   * shown and neither game is changed.
   */
  private reconcile(theirs: readonly string[]): void {
    const c = compareMoves(this.wholeMoves(), theirs);
    if (!c.agree) {
      this.setState(
        'disagree',
        `Your moves and your friend's differ from move ${c.at + 1} (yours ${c.mine}, theirs ${c.theirs}). Neither game was changed; compare them, or go on by game link.`,
      );
      return;
    }
    this.synced = c.common;
    this.setState('connected', `Connected: you play ${sideName(this.game!.side)}.`);
    // Turns the friend's page lacks are sent now.
    this.follow();
  }


  /**
   * Whether offer `o` still stands with `plies` whole turns played: a
   * takeback request until any move; a draw offer until the side it was
   * made to moves (the offerer may still make the move it came with).
   */
  private stands(o: PendingOffer, plies: number): boolean {
    if (plies === o.ply) return true;
    if (o.what === 'takeback' || plies !== o.ply + 1) return false;
    const offerer: Side = o.by === 'me' ? this.game!.side : other(this.game!.side);
    // The move just made was the offerer's when the other side is now to move.
    return other(this.wholeTurnSide()) === offerer;
  }

  /** This page plays `side`, its own men at the bottom of the board. */
  private takeSide(side: Side): void {
    this.app.localSide = side;
    if ((this.app.orientation === 'black') !== (side === 1)) this.app.flip();
  }

  /** After any change of the game: this page's new turns are sent; a game left ends the link. */
  private follow(): void {
    if (this.game === null || this.adopting) return;
    if (this.app.localSide === null) {
      // Another game, or other players, were chosen here.
      this.closePeer();
      this.forget();
      this.setState('none', 'You left the game with your friend; it is kept in Saved games.');
      return;
    }
    if (this.state !== 'connected') return;
    const whole = this.wholeMoves();
    if (this.offer !== null && !this.stands(this.offer, whole.length)) this.offer = null;
    if (whole.length <= this.synced) return;
    for (let ply = this.synced; ply < whole.length; ply++) {
      this.send({ t: 'move', ply, move: whole[ply]! });
    }
    this.synced = whole.length;
    this.notice = '';
    this.notify();
  }

  /** The side to move after the whole turns: while a turn is open for its drops, the side playing it. */
  private wholeTurnSide(): Side {
    const s = this.app.liveStatus.side;
    return this.app.turnOpen ? other(s) : s;
  }

  /** The turns played and ended: a turn still open for its drops is not one yet. */
  private wholeMoves(): string[] {
    const coord = this.app.history.coord;
    return this.app.turnOpen ? coord.slice(0, -1) : [...coord];
  }

  private setState(s: LinkState, notice: string): void {
    this.state = s;
    this.notice = notice;
    this.notify();
  }

  private notify(): void {
    for (const f of this.listeners) f();
  }

  private keep(): void {
    try {
      this.store?.setItem(FRIEND_KEY, JSON.stringify({ ...this.game, variant: this.app.variant.id, start: this.app.history.start_fen }));
    } catch {
      // Storage refused: after a reload the game is an ordinary one.
    }
  }

  private forget(): void {
    this.game = null;
    try {
      this.store?.removeItem(FRIEND_KEY);
    } catch {
      // Nothing kept.
    }
  }

  /** The friend game kept for the live game, when it is still the live game. */
  private load(): FriendGame | null {
    try {
      const o = JSON.parse(this.store?.getItem(FRIEND_KEY) ?? 'null') as Record<string, unknown> | null;
      if (o === null || typeof o.id !== 'string' || (o.side !== 0 && o.side !== 1)) return null;
      if (o.variant !== this.app.variant.id || o.start !== this.app.history.start_fen) return null;
      return { id: o.id, side: o.side };
    } catch {
      return null;
    }
  }
}
