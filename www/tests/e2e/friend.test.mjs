// Play a friend: two pages in two browser contexts (two devices, as far as
// the pages can tell) connected by a WebRTC data channel through the
// invitation link and the answer pasted back, with no server between them.
// A game of Xhess with a declined draw, an agreed takeback and a chat line,
// malformed and illegal messages refused, the link dropped mid-game and a
// reload and reconnection that carry the game on, ended by a resignation;
// a UC-170-17 turn with drops; a clock whose flags each page judges for its
// own side; two move lists that disagree; Play a friend asking before it
// leaves a live game.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import jsQR from 'jsqr';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { DIST, WWW, chooseVariant, clickMove, clickSquare, dragMove, fen, history, launch, ready, serve, status } from './support.mjs';

/** Keeps every data channel a page opens in window.friendChannels, so the test can send raw messages and drop the link. */
function captureChannels() {
  const Native = window.RTCPeerConnection;
  window.friendChannels = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('datachannel', (e) => window.friendChannels.push(e.channel));
    }
    createDataChannel(...args) {
      const c = super.createDataChannel(...args);
      window.friendChannels.push(c);
      return c;
    }
  };
}

/** One server and one browser for the file's tests (each test has its own two contexts). */
let sharedParts = null;
function shared() {
  sharedParts ??= (async () => ({ server: await serve(), browser: await launch() }))();
  return sharedParts;
}
after(async () => {
  if (sharedParts === null) return;
  const { server, browser } = await sharedParts;
  await browser.close();
  await server.close();
});

/**
 * A browser with two contexts, each with an app page (at `url`, the
 * server's when null) on empty storage; `bypassCSP` lets axe-core's script in.
 */
async function twoPages(t, url = null, { bypassCSP = false } = {}) {
  const { server, browser } = await shared();
  const pages = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', bypassCSP });
    t.after(() => context.close());
    context.setDefaultTimeout(15000);
    await context.addInitScript(captureChannels);
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') page.errors.push(m.text());
    });
    page.on('dialog', (d) => void d.accept());
    await page.goto(url ?? server.url);
    await ready(page);
    pages.push(page);
  }
  return { server, pages };
}

const friend = (page) => page.evaluate(() => window.bigboardTest.friend());
async function waitState(page, state) {
  await page.waitForFunction((s) => window.bigboardTest.friend().state === s, state).catch(async (e) => {
    throw new Error(`the link is not ${state}: ${JSON.stringify(await friend(page))} (${e.message})`);
  });
}
const waitPlies = (page, n) => page.waitForFunction((k) => window.bigboardTest.history().coord.length === k, n);

/**
 * `a` invites (playing `side`), `b` opens the link, and `a` takes the
 * answer pasted (or, with `relay`, opened in another page of `a`'s
 * browser, which hands it over); both connected. With `pasteInvitation`,
 * `b` takes the invitation's code pasted into its dialog.
 */
async function connect(a, b, side = '0', { open = true, relay = false, pasteInvitation = false } = {}) {
  if (await a.$eval('#friend-dialog', (d) => !d.open).catch(() => true)) await a.click(open ? '#play-friend' : '#friend-reconnect');
  if (await a.isEnabled('#friend-side')) await a.selectOption('#friend-side', side);
  await a.click('#friend-make');
  await a.waitForFunction(() => document.querySelector('#friend-link').value.includes('#friend='));
  const invitation = await a.inputValue('#friend-link');
  assert.equal(await readQr(a), invitation, 'the QR code holds the invitation link');
  if (pasteInvitation) {
    // The friend pastes the invitation's code alone into their own page's dialog.
    await b.click('#play-friend');
    await b.fill('#friend-paste', invitation.slice(invitation.indexOf('#friend=') + '#friend='.length));
    await b.click('#friend-connect');
  } else {
    await b.goto(invitation);
    await ready(b);
  }
  await b.waitForFunction(() => document.querySelector('#friend-link')?.value.includes('#friend-answer='));
  const answer = await b.inputValue('#friend-link');
  assert.equal(await readQr(b), answer, 'the QR code holds the answer link');
  assert.equal(new URL(b.url()).hash, '', 'the invitation leaves the address once taken');
  if (relay) {
    const other = await a.context().newPage();
    await other.goto(answer);
    await ready(other);
    await other.waitForFunction(() => /answer went to the page that made the invitation/.test(document.getElementById('status-line').textContent));
    await other.close();
  } else {
    await a.fill('#friend-paste', answer);
    await a.click('#friend-connect');
  }
  await waitState(a, 'connected');
  await waitState(b, 'connected');
  await a.waitForFunction(() => !document.querySelector('#friend-dialog').open);
  return { invitation, answer };
}

/** The text of the QR code shown in `page`'s dialog, read back by a QR reader (jsQR). */
async function readQr(page) {
  assert.ok(await page.isVisible('#friend-qr'), 'a QR code is shown');
  const { width, height, data } = await page.$eval('#friend-qr', (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    return { width: d.width, height: d.height, data: Array.from(d.data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

/** Sends `text` as it is on `page`'s data channel (as a page that does not follow the rules would). */
const sendRaw = (page, text) => page.evaluate((t) => window.friendChannels.at(-1).send(t), text);

test('a game of Xhess between two pages: moves, offers, chat, bad messages, a dropped link, reconnection, resignation', async (t) => {
  const { pages } = await twoPages(t);
  const [a, b] = pages;
  const shots = process.env.FRIEND_SCREENSHOTS;
  if (shots !== undefined) {
    await a.click('#play-friend');
    await a.click('#friend-make');
    await a.waitForFunction(() => document.querySelector('#friend-link').value.includes('#friend='));
    await a.locator('#friend-dialog').screenshot({ path: `${shots}/friend-invitation.png` });
  }
  await connect(a, b, '0');
  assert.equal((await friend(a)).side, 0);
  assert.equal((await friend(b)).side, 1);
  assert.equal(await b.evaluate(() => window.bigboardTest.variant()), 'xhess');
  // No engine's help while the game with a friend is live.
  for (const p of [a, b]) assert.equal(await p.$eval('#hint', (h) => h.disabled), true);

  // Each side's move appears on the other's board.
  await clickMove(a, 'b3', 'b7');
  await waitPlies(b, 1);
  // White's pieces cannot be moved on Black's page, nor Black's on White's.
  const before = await fen(a);
  await clickSquare(b, 'e3');
  await clickSquare(b, 'f5');
  await clickSquare(a, 'a8');
  await clickSquare(a, 'b7');
  await a.waitForTimeout(100);
  assert.equal(await fen(a), before);
  assert.equal(await fen(b), before);
  await dragMove(b, 'a8', 'b7');
  await waitPlies(a, 2);
  await clickMove(a, 'a1', 'b1');
  await waitPlies(b, 3);
  await clickMove(b, 'a10', 'b10');
  await waitPlies(a, 4);
  assert.deepEqual((await history(a)).coord, ['b3b7', 'a8b7', 'a1b1', 'a10b10']);
  assert.deepEqual((await history(b)).coord, (await history(a)).coord);
  assert.equal(await fen(b), await fen(a));

  // A draw offered and declined; a takeback asked and agreed.
  await b.click('#friend-draw');
  await a.waitForFunction(() => window.bigboardTest.friend().offer === 'friend draw');
  assert.match(await a.textContent('#friend-offer-text'), /offers a draw/);
  await a.click('#friend-decline');
  await b.waitForFunction(() => /declined the draw/.test(window.bigboardTest.friend().notice));
  await clickMove(a, 'j1', 'i1');
  await waitPlies(b, 5);
  await a.click('#friend-takeback');
  await b.waitForFunction(() => window.bigboardTest.friend().offer === 'friend takeback');
  await b.click('#friend-accept');
  await waitPlies(b, 4);
  await waitPlies(a, 4);
  assert.equal(await fen(a), await fen(b));
  assert.equal((await status(a)).side, 0, "White's move again");

  // A chat line arrives as text: its markup is shown, not made.
  await a.fill('#friend-chat-input', 'Good luck! <b>shown as typed</b>');
  await a.press('#friend-chat-input', 'Enter');
  await b.waitForFunction(() => window.bigboardTest.friend().chat.length === 1);
  assert.match(await b.textContent('#friend-chat'), /Good luck! <b>shown as typed<\/b>/);
  assert.equal(await b.$$eval('#friend-chat li b', (l) => l.filter((e) => e.textContent === 'shown as typed').length), 0);

  // Malformed and illegal messages from Black's page: refused with the reason, nothing changed.
  const position = await fen(a);
  const refusals = [
    ['not json at all', /not JSON/],
    ['{"t":"move","ply":4,"move":"e2e4<img>"}', /not a move's text/],
    ['{"t":"move","ply":4,"move":"b10b9"}', /not their turn/],
    ['{"t":"move","ply":9,"move":"b10b9"}', /for move 10, and this game is at move 5/],
    ['{"t":"resign","by":"white"}', null],
    ['{"t":"answer","what":"draw","accept":true,"ply":4}', /answer to no draw offer/],
    ['{"t":"wipe"}', /unknown kind "wipe"/],
    ['{"t":"flag","ply":"4"}', /"flag" message was refused: its "ply"/],
    ['{"t":"flag","ply":9}', /their flag fell at move 10, and this game is at move 5/],
    ['{"t":"flag","ply":4}', /their flag fell on a turn not theirs/],
  ];
  for (const [text, why] of refusals) {
    if (why === null) continue;
    await sendRaw(b, text);
    await a.waitForFunction((w) => new RegExp(w).test(window.bigboardTest.friend().notice), why.source).catch(async (e) => {
      throw new Error(`${text}: the notice is "${(await friend(a)).notice}" (${e.message})`);
    });
    assert.match((await friend(a)).notice, /^Refused from your friend's page: .*The game is unchanged\.$/);
    assert.equal(await fen(a), position);
    assert.equal((await status(a)).over, false);
  }
  // An illegal move on White's turn, sent from White's page to Black's.
  await sendRaw(a, '{"t":"move","ply":4,"move":"b1b9"}');
  await b.waitForFunction(() => /b1b9/.test(window.bigboardTest.friend().notice));
  assert.equal(await fen(b), position);
  // White's flag, said on White's turn, in a game with no clock.
  await sendRaw(a, '{"t":"flag","ply":4}');
  await b.waitForFunction(() => /their flag fell, and this game has no clock/.test(window.bigboardTest.friend().notice));
  assert.equal((await status(b)).over, false);
  // A draw offered to White lapses when White moves instead of answering.
  await b.click('#friend-draw');
  await a.waitForFunction(() => window.bigboardTest.friend().offer === 'friend draw');
  await clickMove(a, 'j1', 'i1');
  await waitPlies(b, 5);
  assert.equal((await friend(a)).offer, null);
  assert.equal((await friend(b)).offer, null);
  assert.equal(await a.isVisible('#friend-offer'), false);

  // The link drops mid-game: both pages say so and keep the game.
  await b.evaluate(() => window.friendChannels.at(-1).close());
  await waitState(a, 'dropped');
  await waitState(b, 'dropped');
  assert.match((await friend(a)).notice, /dropped/);
  // Black moves while the link is down; the move waits on Black's page, saved with the game.
  await clickMove(b, 'j10', 'i10');
  await b.reload();
  await ready(b);
  assert.equal((await history(b)).coord.length, 6);
  assert.equal((await friend(b)).side, 1, 'after a reload Black still plays the game with a friend');

  // A new invitation, from Black's page this time, carries the game; the pages compare and Black's waiting move arrives.
  await connect(b, a, '1', { open: false });
  await waitPlies(a, 6);
  assert.equal((await friend(a)).side, 0);
  assert.equal((await friend(b)).side, 1);
  assert.deepEqual((await history(a)).coord, (await history(b)).coord);
  if (shots !== undefined) {
    await a.screenshot({ path: `${shots}/friend-white.png` });
    await b.screenshot({ path: `${shots}/friend-black.png` });
  }

  // Black resigns: the game ends on both pages.
  await b.click('#friend-resign');
  await a.waitForFunction(() => window.bigboardTest.status().over);
  for (const p of [a, b]) {
    const s = await status(p);
    assert.equal(s.over, true);
    assert.equal(s.winner, 0);
    assert.match(s.reason, /Black resigns/);
  }
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('UC-170-17 with a clock, the answer handed over by another page: a turn with two drops crosses the link whole; then a resignation', async (t) => {
  const { pages } = await twoPages(t);
  const [a, b] = pages;
  await a.evaluate(() => (location.hash = 'variant=uc-170-17&fen=' + encodeURIComponent('4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0')));
  await a.waitForFunction(() => window.bigboardTest.variant() === 'uc-170-17');
  // The time control is agreed with the game: the friend's clock starts with the inviter's.
  await a.selectOption('#clock-preset', '5+3');
  await connect(a, b, '0', { relay: true });
  assert.equal(await fen(b), await fen(a));
  assert.equal(await b.inputValue('#clock-preset'), '5+3');
  assert.match(await b.textContent('#clock-white'), /5:00|4:5\d/);
  for (const sq of ['e1', 'd2']) await clickSquare(a, sq);
  await a.waitForFunction(() => window.bigboardTest.turnOpen());
  await clickSquare(a, 'a1');
  await a.waitForTimeout(50);
  assert.equal((await history(b)).coord.length, 0, 'nothing is sent while the turn is open');
  await clickSquare(a, 'h2');
  await a.waitForFunction(() => !window.bigboardTest.turnOpen());
  await waitPlies(b, 1);
  assert.deepEqual((await history(b)).coord, ['e1d2+@a1+@h2']);
  assert.equal(await fen(b), await fen(a));
  assert.deepEqual(await b.evaluate(() => window.bigboardTest.reserves()), await a.evaluate(() => window.bigboardTest.reserves()));
  await clickMove(b, 'e8', 'd7');
  await waitPlies(a, 2);
  await a.click('#friend-resign');
  await b.waitForFunction(() => window.bigboardTest.status().over);
  assert.equal((await status(b)).winner, 1);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

/** Keeps `page`'s main thread busy for `ms` (a slow or frozen device): its clock, its sending and its reading of the link all stop meanwhile. */
const busy = (page, ms) =>
  page.evaluate((n) => {
    const end = Date.now() + n;
    while (Date.now() < end);
  }, ms);
const face = (page, side) => page.textContent(side === 0 ? '#clock-white' : '#clock-black');
const faceAtZero = (page, side) => page.waitForFunction((id) => /0:00\.0$/.test(document.getElementById(id).textContent), side === 0 ? 'clock-white' : 'clock-black');

test("a clock with a friend: each page judges its own side's time; the friend's side at zero waits for its page's word or move, and both pages end alike", async (t) => {
  const { pages } = await twoPages(t);
  const [a, b] = pages;
  await a.selectOption('#clock-preset', 'custom');
  await a.fill('#clock-custom', '0:03+1');
  await a.press('#clock-custom', 'Enter');
  await connect(a, b, '0');
  assert.equal(await b.inputValue('#clock-preset'), 'custom');

  // Black's page is busy when White's move arrives, as a slow device or a slow link would be: it starts Black's clock
  // late, so White's page, the first to start it, sees it reach zero first.
  const stalled = busy(b, 2500);
  await a.waitForTimeout(200);
  await clickMove(a, 'b3', 'b7');
  await stalled;
  await waitPlies(b, 1);
  await faceAtZero(a, 1);
  assert.equal((await status(a)).over, false, "White's page waits for Black's page to judge Black's time");
  assert.doesNotMatch(await face(b, 1), /0:00\.0/, "Black's own clock has time left");
  await a.waitForFunction(() => /time is up on this page's clock: waiting for their page's word/.test(document.getElementById('friend-state').textContent));
  // Black moves in time by its own clock: the move is played on White's page and the clocks go on, Black with its increment.
  await clickMove(b, 'a8', 'b7');
  await waitPlies(a, 2);
  assert.equal((await status(a)).over, false);
  assert.equal(await face(a, 1), 'Black 0:01.0');
  assert.equal((await friend(a)).notice, '');

  // Black's page charged White's first turn longer (it read White's move late): there White's time reaches zero
  // first, and the game waits for White's page, which judges it.
  await faceAtZero(b, 0);
  assert.equal((await status(b)).over, false, "Black's page waits for White's page to judge White's time");
  await b.waitForFunction(() => /waiting for their page's word/.test(window.bigboardTest.friend().notice));
  assert.doesNotMatch(await face(a, 0), /0:00\.0/, "White's own clock has time left");
  await a.waitForFunction(() => window.bigboardTest.status().over, null, { timeout: 5000 });
  await b.waitForFunction(() => window.bigboardTest.status().over, null, { timeout: 2000 });
  for (const p of [a, b]) {
    const s = await status(p);
    assert.equal(s.winner, 1);
    assert.equal(s.reason, "White's time ran out");
    assert.equal(await face(p, 0), 'White 0:00.0');
    assert.equal(await p.$eval('#clock-white', (e) => e.classList.contains('flagged')), true);
  }
  // Black's page ended the game on White's page's word, not on its own grace time.
  assert.equal((await friend(b)).notice, "Your friend's time ran out on their clock.");
  assert.deepEqual((await history(a)).coord, (await history(b)).coord);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('move lists that disagree on reconnection are shown, and neither game is changed', async (t) => {
  const { pages } = await twoPages(t);
  const [a, b] = pages;
  await connect(a, b, '1');
  await clickMove(b, 'b3', 'b7');
  await waitPlies(a, 1);
  await b.evaluate(() => window.friendChannels.at(-1).close());
  await waitState(a, 'dropped');
  await waitState(b, 'dropped');
  await clickMove(a, 'a8', 'b7');
  const blacks = await fen(a);
  // White's saved copy of the game is altered (as a tampered or damaged copy would be): another Black reply.
  await b.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('bigboard.games'));
    kept.games.find((g) => g.id === kept.current).game.moves = ['b3b7', 'j10j9'];
    localStorage.setItem('bigboard.games', JSON.stringify(kept));
  });
  await b.reload();
  await ready(b);
  assert.deepEqual((await history(b)).coord, ['b3b7', 'j10j9']);
  const whites = await fen(b);
  await a.click('#friend-reconnect');
  await a.click('#friend-make');
  await a.waitForFunction(() => document.querySelector('#friend-link').value.includes('#friend='));
  await b.goto(await a.inputValue('#friend-link'));
  await ready(b);
  await b.waitForFunction(() => document.querySelector('#friend-link')?.value.includes('#friend-answer='));
  await a.fill('#friend-paste', await b.inputValue('#friend-link'));
  await a.click('#friend-connect');
  await waitState(a, 'disagree');
  await waitState(b, 'disagree');
  assert.match((await friend(a)).notice, /differ from move 2 \(yours a8b7, theirs j10j9\)/);
  assert.match((await friend(b)).notice, /differ from move 2 \(yours j10j9, theirs a8b7\)/);
  assert.equal(await fen(a), blacks);
  assert.equal(await fen(b), whites);
  // Nothing more is played over the link while the lists disagree.
  await sendRaw(b, '{"t":"move","ply":2,"move":"b1b2"}');
  await a.waitForFunction(() => /disagree/.test(window.bigboardTest.friend().notice));
  assert.equal(await fen(a), blacks);
});

test('the single offline file: two copies opened from disk connect (the invitation pasted as text) and play', async (t) => {
  const { pages } = await twoPages(t, pathToFileURL(join(DIST, 'bigboard.html')).href);
  const [a, b] = pages;
  await connect(a, b, '1', { pasteInvitation: true });
  assert.ok((await a.inputValue('#friend-link')).startsWith('file://'), 'the invitation points to the file');
  await clickMove(b, 'b3', 'b7');
  await waitPlies(a, 1);
  await clickMove(a, 'a8', 'b7');
  await waitPlies(b, 2);
  assert.equal(await fen(a), await fen(b));
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

/** axe-core's serious and critical violations on the page. */
async function audit(page) {
  await page.addScriptTag({ path: join(WWW, 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')}`);
}

test('the variant and setup are agreed (a gallery variant, a UC-170-17 seed); another game leaves the link; the dialog and panel pass axe-core', async (t) => {
  const { pages } = await twoPages(t, null, { bypassCSP: true });
  const [a, b] = pages;
  await chooseVariant(a, 'shatranj');
  await a.click('#play-friend');
  // The STUN server is off unless named; a name that is no STUN address is refused, and no invitation made.
  assert.equal(await a.inputValue('#friend-stun'), '');
  await a.click('#friend-network summary');
  await a.fill('#friend-stun', 'https://stun.example.org');
  await a.click('#friend-make');
  await a.waitForFunction(() => /is not a STUN server's address/.test(document.getElementById('friend-status').textContent));
  assert.equal(await a.inputValue('#friend-link'), '');
  await a.fill('#friend-stun', '');
  await a.click('#friend-make');
  await a.waitForFunction(() => document.querySelector('#friend-link').value.includes('#friend='));
  assert.deepEqual(await audit(a), [], 'the invitation dialog');
  await connect(a, b, '0');
  assert.equal(await b.evaluate(() => window.bigboardTest.variant()), 'shatranj');
  assert.equal(await fen(b), await fen(a));
  assert.deepEqual(await audit(b), [], 'the panel of a game with a friend');

  // Play a friend while connected asks before it leaves the game: Keep playing (or Escape) keeps the game and the link.
  await a.click('#play-friend');
  await a.waitForSelector('#friend-leave-dialog[open]');
  assert.equal(await a.evaluate(() => document.activeElement.id), 'friend-leave-stay');
  assert.match(await a.textContent('#friend-leave-dialog'), /the link to your friend closes/);
  assert.deepEqual(await audit(a), [], 'the question before leaving');
  await a.click('#friend-leave-stay');
  await a.waitForSelector('#friend-leave-dialog:not([open])', { state: 'attached' });
  await a.click('#play-friend');
  await a.waitForSelector('#friend-leave-dialog[open]');
  await a.keyboard.press('Escape');
  await a.waitForSelector('#friend-leave-dialog:not([open])', { state: 'attached' });
  assert.equal(await a.$eval('#friend-dialog', (d) => d.open), false);
  await clickMove(a, 'b1', 'c3');
  await waitPlies(b, 1);
  for (const p of [a, b]) assert.equal((await friend(p)).state, 'connected');

  // Another game on the inviter's page leaves the game with the friend: the link closes.
  await a.evaluate(() => (location.hash = 'variant=uc-170-17&seed=42'));
  await a.waitForFunction(() => window.bigboardTest.variant() === 'uc-170-17');
  await waitState(b, 'dropped');
  assert.equal((await friend(a)).state, 'none');
  assert.equal((await friend(a)).side, null);

  // An invitation to the new game: the friend's page opens the same seeded setup.
  await connect(a, b, '1');
  assert.equal(await b.evaluate(() => window.bigboardTest.seed()), 42);
  assert.equal(await fen(b), await fen(a));
  assert.equal((await friend(b)).side, 0);

  // Asked again, the player leaves: the link closes, and the dialog offers a new game's invitation.
  await a.click('#play-friend');
  await a.click('#friend-leave-go');
  await waitState(b, 'dropped');
  assert.equal((await friend(a)).state, 'none');
  assert.equal((await friend(a)).side, null);
  assert.equal(await a.$eval('#friend-dialog', (d) => d.open), true);
  assert.equal(await a.isEnabled('#friend-side'), true);
  assert.equal(await a.textContent('#friend-make'), 'Make an invitation');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});
