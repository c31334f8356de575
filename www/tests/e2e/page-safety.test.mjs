// Hostile input to the page: a definition link that would unpack to
// hundreds of megabytes (a "zip bomb") and an over-long definition
// attribute are refused at once, the tab staying responsive and its memory
// flat; saved games this build cannot read survive page loads untouched,
// are shown as unreadable, and go only when the player deletes them.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { constants, deflateRawSync } from 'node:zlib';
import { WWW, browserPage, clickMove, history, open, ready } from './support.mjs';

/**
 * A definition link's fragment whose text unpacks to `mb` MB of zeros:
 * 1 MB packed once, each piece ending on a full flush so that it stands
 * alone, repeated, and closed by an empty final block.
 */
function bombFragment(mb) {
  const piece = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const packed = Buffer.concat([...Array(mb).fill(piece), deflateRawSync(Buffer.alloc(0))]);
  return `#definition=${packed.toString('base64url')}`;
}

/** 512 MB unpacked, from a link of ~0.7 MB: 500 times the 1 MB a definition may have. */
const BOMB_MB = 512;

/** The highest resident memory the page's renderer processes have had, in MB (from /proc). */
async function peakRendererMegabytes(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  let kb = 0;
  for (const p of processInfo.filter((p) => p.type === 'renderer')) {
    const status = await readFile(`/proc/${p.id}/status`, 'utf8').catch(() => '');
    kb += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/** Milliseconds a round trip to the page takes. */
async function roundTrip(page) {
  const t0 = Date.now();
  await page.evaluate(() => 1 + 1);
  return Date.now() - t0;
}

test('the app refuses a definition link that would unpack to 512 MB; the tab stays responsive and the board plays', async (t) => {
  const { page, errors, browser, server } = await open(t);
  const fragment = bombFragment(BOMB_MB);
  assert.ok(fragment.length < 1_000_000, `the link is ${fragment.length} characters`);
  const refusal = /^The definition link is refused: its text would unpack to more than 1,048,576 bytes \(1 MB\), the most a definition may have\.$/;
  const refused = (p) => p.waitForFunction(() => /definition link is refused/.test(document.getElementById('status-line').textContent));

  // Followed in a page already open: its renderer's memory is watched.
  const before = await peakRendererMegabytes(browser);
  let t0 = Date.now();
  await page.evaluate((f) => (location.hash = f), fragment);
  await refused(page);
  t.diagnostic(`refused ${Date.now() - t0} ms after the link was followed; a round trip then took ${await roundTrip(page)} ms`);
  assert.match(await page.textContent('#status-line'), refusal);
  // Not unpacked: the renderers' peak memory did not grow by the 512 MB the text would take.
  const grown = (await peakRendererMegabytes(browser)) - before;
  assert.ok(grown < 100, `the renderers' peak memory grew by ${grown} MB`);
  // The page goes on: the game in progress plays.
  await clickMove(page, 'b3', 'b7');
  assert.deepEqual((await history(page)).coord, ['b3b7']);

  // Opened as the page's address (in a browser context of its own, with no saved game): the page starts with its own game, and says why.
  const other = await (await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } })).newPage();
  t0 = Date.now();
  await other.goto(`${server.url}${fragment}`);
  await ready(other);
  await refused(other);
  t.diagnostic(`refused ${Date.now() - t0} ms after the page was opened with the link`);
  assert.match(await other.textContent('#status-line'), refusal);
  if (process.env.SHOTS) await other.screenshot({ path: `${process.env.SHOTS}/bomb-app.png` });
  await clickMove(other, 'b3', 'b7');
  assert.deepEqual((await history(other)).coord, ['b3b7']);
  assert.deepEqual(errors, []);
});

test('the element refuses a bomb link and an over-long definition attribute, and is usable again once given a good one', async (t) => {
  const { page, errors, browser, server } = await browserPage(t, { viewport: { width: 1280, height: 1000 }, timeout: 15000 });
  const url = `${server.url}page-safety.html`;
  const body = `<!doctype html>
<meta charset="utf-8">
<title>Hostile definitions</title>
<bigboard-game id="bomb" style="width: 420px"></bigboard-game>
<bigboard-game id="fine" variant="xhess" style="width: 420px"></bigboard-game>
<script type="module" src="bigboard-embed.js"></script>
`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('fine')?.fen?.() !== '');
  const before = await peakRendererMegabytes(browser);
  const problem = page.locator('#bomb').locator('.problems li');

  await page.evaluate((f) => document.getElementById('bomb').setAttribute('definition', f), bombFragment(BOMB_MB));
  await page.waitForFunction(() => /refused/.test(document.getElementById('bomb').shadowRoot.querySelector('.problems')?.textContent ?? ''));
  t.diagnostic(`a round trip after the bomb took ${await roundTrip(page)} ms`);
  assert.match(await problem.first().textContent(), /^the definition link is refused: its text would unpack to more than 1,048,576 bytes \(1 MB\), the most a definition may have$/);
  const grown = (await peakRendererMegabytes(browser)) - before;
  assert.ok(grown < 100, `the renderers' peak memory grew by ${grown} MB`);
  // The heading names the attribute by its beginning only.
  const heading = await page.locator('#bomb').locator('.problems h2').textContent();
  assert.ok(heading.length < 100, heading);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/bomb-element.png` });

  // An attribute longer than any definition link: refused before it is read at all.
  await page.evaluate(() => document.getElementById('bomb').setAttribute('definition', `#definition=${'A'.repeat(1_500_000)}`));
  await page.waitForFunction(() => /attribute is/.test(document.getElementById('bomb').shadowRoot.querySelector('.problems')?.textContent ?? ''));
  assert.match(await problem.first().textContent(), /^the definition attribute is 1,500,012 characters long, more than the [0-9,]+ the longest definition link takes$/);

  // The other board on the page plays meanwhile; the refused one plays once its attribute is good.
  await clickSquare(page, 'fine', 'b3');
  await clickSquare(page, 'fine', 'b7');
  await page.waitForFunction(() => document.getElementById('fine').history().coord.length === 1);
  await page.evaluate(() => {
    const el = document.getElementById('bomb');
    el.removeAttribute('definition');
    el.setAttribute('variant', 'xhess');
  });
  await page.waitForFunction(() => document.getElementById('bomb')?.fen?.() !== '');
  await clickSquare(page, 'bomb', 'b3');
  await clickSquare(page, 'bomb', 'b7');
  await page.waitForFunction(() => document.getElementById('bomb').history().coord.length === 1);
  assert.deepEqual(errors, []);
});

/** Clicks the centre of square `name` on the board of element `#id`. */
async function clickSquare(page, id, name) {
  const p = await page.evaluate(([i, n]) => document.getElementById(i).squareCenter(n), [id, name]);
  assert.ok(p !== null, `no square ${name} on #${id}`);
  await page.mouse.click(p.x, p.y);
}

// A game an earlier build kept: play went on after a threefold repetition,
// which this build refuses; and an entry of a mode this build does not know.
const moves = 'g2i1 g9i10 i1g2 i10g9 g2i1 g9i10 i1g2 i10g9 g2i1 g9i10 b3b4 b8b7'.split(' ');
const saved = (moves, mode) => ({ variant: 'xhess', startFen: '', moves, mode, level: 3, orientation: 'white', autoFlip: false, ending: null });
const OLD = { id: 'g', name: 'my game', created: 1, updated: 2, result: '*', game: saved(moves, 'hotseat') };
const NEWER = { id: 'newer', name: 'saved by a newer build', created: 1, updated: 3, result: '*', game: saved(['b3b4'], 'analysis-board') };
// A game of a gallery variant with a move its rules refuse: found when it is resumed (gallery variants are not compiled just to check).
const GALLERY = { id: 's', name: 'a shatranj game', created: 1, updated: 1, result: '*', game: { ...saved(['e2e5'], 'hotseat'), variant: 'shatranj' } };

const kept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('bigboard.games')).games);
const unreadableRows = (page) =>
  page.$$eval('#games li.game.unreadable', (lis) => lis.map((li) => ({ name: li.querySelector('.game-name').textContent, meta: li.querySelector('.game-meta').textContent, text: li.querySelector('textarea').value })));

test('saved games this build cannot read survive reloads untouched, are shown as unreadable, and go only when the player deletes them', async (t) => {
  // The page's policy allows only its own scripts; the audit's script is let in for the test.
  const { page, errors } = await open(t, { contextOptions: { bypassCSP: true } });
  await page.evaluate((games) => localStorage.setItem('bigboard.games', JSON.stringify({ version: 1, current: 'g', games })), [OLD, NEWER, GALLERY]);
  const untouched = async (when) => {
    const games = await kept(page);
    assert.deepEqual(games.find((g) => g.id === 'g'), OLD, `${when}: the game that does not replay is as it was`);
    assert.deepEqual(games.find((g) => g.id === 'newer'), NEWER, `${when}: the entry that does not decode is as it was`);
    assert.deepEqual(games.find((g) => g.id === 's'), GALLERY, `${when}: the gallery game is as it was`);
    return games;
  };
  const openList = async () => {
    await page.$eval('#games-box', (d) => (d.open = true));
    await page.waitForSelector('#games li.game.unreadable');
  };

  // The load that finds the game it was playing does not replay: told, and both kept as they were.
  await page.reload();
  await ready(page);
  await untouched('first load');
  assert.match(await page.textContent('#status-line'), /The saved game could not be restored: move 9 \(g2i1\): .*It is kept as it is in Saved games\./);
  await openList();
  let rows = await unreadableRows(page);
  assert.deepEqual(rows.map((r) => r.name).sort(), ['my game (unreadable)', 'saved by a newer build (unreadable)']);
  const newer = rows.find((r) => r.name.startsWith('saved by'));
  assert.match(newer.meta, /^This version of the page cannot read it: its game has fields this version does not know/);
  assert.deepEqual(JSON.parse(newer.text), NEWER);
  const old = rows.find((r) => r.name.startsWith('my game'));
  assert.match(old.meta, /cannot read it: move 9 \(g2i1\)/);
  assert.deepEqual(JSON.parse(old.text), OLD);
  if (process.env.SHOTS) await page.locator('.side, #games-box').last().screenshot({ path: `${process.env.SHOTS}/unreadable.png` });
  // Readable by assistive technology and legible: no serious axe-core violation in the list.
  await page.addScriptTag({ path: join(WWW, 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => (await window.axe.run('#games-box', { resultTypes: ['violations'] })).violations);
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`), []);

  // The page plays a new game, saved in an entry of its own.
  await clickMove(page, 'b3', 'b7');
  assert.equal((await untouched('after a move')).length, 4);

  // Next load: the new game is the one played. Once the list is open, the
  // old game is replayed and found not to; the gallery game is found when
  // the player resumes it. Each is set aside again, the live game kept.
  await page.reload();
  await ready(page);
  await untouched('second load');
  await page.$eval('#games-box', (d) => (d.open = true));
  await page.selectOption('#games-filter', 'all');
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 2);
  assert.deepEqual((await unreadableRows(page)).map((r) => r.name).sort(), ['my game (unreadable)', 'saved by a newer build (unreadable)']);
  await page.locator('#games li.game', { hasText: 'a shatranj game' }).locator('[data-action="resume"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 3);
  assert.match(await page.textContent('#status-line'), /^That saved game could not be opened: .*e2e5.*\. It is kept as it is in Saved games\.$/);
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  await untouched('after Resume');

  // Deleted by the player: gone from the storage; the others stay.
  await page.locator('#games li.unreadable', { hasText: 'saved by a newer build' }).locator('[data-action="delete-unreadable"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 2);
  assert.match(await page.textContent('#games-message'), /Deleted saved by a newer build\. Undo/);
  let after = await kept(page);
  assert.equal(after.some((g) => g.id === 'newer'), false);
  assert.deepEqual(after.find((g) => g.id === 'g'), OLD);
  // Undo brings it back as it was; deleted again, it stays gone after a reload.
  await page.click('#games-message [data-action="undo-delete"]');
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 3);
  assert.deepEqual((await kept(page)).find((g) => g.id === 'newer'), NEWER);
  await page.locator('#games li.unreadable', { hasText: 'saved by a newer build' }).locator('[data-action="delete-unreadable"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 2);
  await page.reload();
  await ready(page);
  after = await kept(page);
  assert.deepEqual(after.map((g) => g.id).filter((id) => id === 'g' || id === 'newer' || id === 's'), ['g', 's']);
  assert.deepEqual(after.find((g) => g.id === 'g'), OLD);
  assert.deepEqual(after.find((g) => g.id === 's'), GALLERY);
  assert.deepEqual(errors, []);
});

test('a saved games list of another version is never written over; the player may delete it', async (t) => {
  const { page, errors, server, context } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const text = JSON.stringify({ version: 2, games: [{ id: 'x', shape: 'of a newer build' }] });
  await page.evaluate((s) => localStorage.setItem('bigboard.games', s), text);
  await page.reload();
  await ready(page);
  await clickMove(page, 'b3', 'b7');
  assert.match(await page.textContent('#status-line'), /saved games list could not be read \(it is of version 2, perhaps from a newer version of the page; this one reads version 1\); it is kept as it is, and no game is saved until you delete it in Saved games/);
  assert.equal(await page.evaluate(() => localStorage.getItem('bigboard.games')), text);
  await page.$eval('#games-box', (d) => (d.open = true));
  const row = page.locator('#games li.unreadable');
  assert.equal(await row.locator('.game-name').textContent(), 'The saved games list (unreadable)');
  assert.equal(await row.locator('textarea').inputValue(), text);
  // Its text may be copied as it is.
  await row.locator('[data-action="copy-text"]').click();
  await page.waitForFunction(() => /is copied/.test(document.getElementById('games-message').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
  // Deleting it is asked first; once it is gone, the game in progress is saved.
  page.once('dialog', (d) => d.accept());
  await row.locator('[data-action="delete-unreadable"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#games li.unreadable').length === 0);
  const list = JSON.parse(await page.evaluate(() => localStorage.getItem('bigboard.games')));
  assert.equal(list.version, 1);
  await page.reload();
  await ready(page);
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  assert.deepEqual(errors, []);
});
