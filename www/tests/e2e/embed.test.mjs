// The <bigboard-game> element on the example page (a board against the AI,
// a diagram, an author-defined variant), a broken definition, a hostile
// host page style sheet, and the single offline file opened from disk.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DIST, assertWhiteSide, browserPage, chooseVariant, evalBarBox, ready } from './support.mjs';

/** A blank browser page for the embedding tests (they load their own pages). */
const embedPage = (t) => browserPage(t, { viewport: { width: 1280, height: 1000 }, timeout: 15000 });

async function openExample(t) {
  const b = await embedPage(t);
  await b.page.goto(`${b.server.url}embed-example.html`);
  for (const id of ['vs-ai', 'diagram', 'custom']) await boardReady(b.page, id);
  return b;
}

/** Waits until the element `#id` shows a position. */
async function boardReady(page, id) {
  await page.waitForFunction((i) => document.getElementById(i)?.fen?.() !== '', id);
}

const moves = (page, id) => page.evaluate((i) => document.getElementById(i).history().coord, id);
const fenOf = (page, id) => page.evaluate((i) => document.getElementById(i).fen(), id);
const canvasPicture = (page, id) =>
  page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('canvas').toDataURL(), id);

/** Clicks the centre of square `name` on the board of element `#id`. */
async function clickSquare(page, id, name) {
  const p = await page.evaluate(([i, n]) => document.getElementById(i).squareCenter(n), [id, name]);
  assert.ok(p !== null, `no square ${name} on #${id}`);
  await page.mouse.click(p.x, p.y);
}

async function clickMove(page, id, from, to) {
  const before = (await moves(page, id)).length;
  await clickSquare(page, id, from);
  await clickSquare(page, id, to);
  await page.waitForFunction(([i, n]) => document.getElementById(i).history().coord.length > n, [id, before]);
}

test('the example page: a move against the AI gets a reply; the boards are independent; the buttons stay put', async (t) => {
  const { page, errors } = await openExample(t);
  const diagramFen = await fenOf(page, 'diagram');
  // Each time the turn line changes (the AI starts or stops), where the buttons are.
  await page.evaluate(() => {
    const root = document.getElementById('vs-ai').shadowRoot;
    const boxes = () => [...root.querySelectorAll('button')].map((b) => JSON.stringify(b.getBoundingClientRect())).join(' ');
    window.layouts = [{ turn: root.querySelector('.turn').textContent, boxes: boxes() }];
    new MutationObserver(() => window.layouts.push({ turn: root.querySelector('.turn').textContent, boxes: boxes() })).observe(
      root.querySelector('.turn'),
      { childList: true, characterData: true, subtree: true },
    );
  });
  await clickMove(page, 'vs-ai', 'b3', 'b7');
  await page.waitForFunction(() => document.getElementById('vs-ai').history().coord.length === 2, null, { timeout: 30000 });
  const layouts = await page.evaluate(() => window.layouts);
  assert.ok(layouts.some((l) => /thinking/.test(l.turn)), JSON.stringify(layouts.map((l) => l.turn)));
  assert.deepEqual(new Set(layouts.map((l) => l.boxes)).size, 1, 'the buttons did not move');
  assert.equal((await moves(page, 'vs-ai'))[0], 'b3b7');
  assert.equal(await fenOf(page, 'diagram'), diagramFen);
  assert.deepEqual(await moves(page, 'custom'), []);
  // Its controls: undo takes back the move and the reply.
  await page.locator('#vs-ai').locator('button.control-undo').click();
  await page.waitForFunction(() => document.getElementById('vs-ai').history().coord.length === 0);
  assert.deepEqual(errors, []);
});

test('a board against the AI starts its engine when first touched, not at load; that engine answers the move', async (t) => {
  const { page, errors, server } = await embedPage(t);
  await page.addInitScript(() => {
    window.workersStarted = 0;
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        window.workersStarted++;
      }
    };
  });
  await page.goto(`${server.url}embed-example.html`);
  for (const id of ['vs-ai', 'diagram', 'custom']) await boardReady(page, id);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.workersStarted), 0, 'no engine at load');
  // Picking up a piece starts the engine: it warms up while the move is made.
  await clickSquare(page, 'vs-ai', 'b3');
  await page.waitForFunction(() => window.workersStarted === 1);
  await clickSquare(page, 'vs-ai', 'b7');
  await page.waitForFunction(() => document.getElementById('vs-ai').history().coord.length === 2, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.workersStarted), 1, 'the engine started at the touch answered');
  assert.deepEqual(errors, []);
});

test('the diagram shows where a piece can go, of either side, and plays nothing', async (t) => {
  const { page, errors } = await openExample(t);
  const start = await fenOf(page, 'diagram');
  assert.deepEqual(await moves(page, 'diagram'), ['b3b7', 'a8b7']);
  const plain = await canvasPicture(page, 'diagram');
  await clickSquare(page, 'diagram', 'e3');
  await page.waitForFunction(([i, p]) => document.getElementById(i).shadowRoot.querySelector('canvas').toDataURL() !== p, ['diagram', plain]);
  await clickSquare(page, 'diagram', 'd5');
  await page.waitForTimeout(100);
  assert.equal(await fenOf(page, 'diagram'), start);
  // A piece of the side not to move shows its moves too.
  const again = await canvasPicture(page, 'diagram');
  await clickSquare(page, 'diagram', 'b7');
  await page.waitForFunction(([i, p]) => document.getElementById(i).shadowRoot.querySelector('canvas').toDataURL() !== p, ['diagram', again]);
  assert.equal(await fenOf(page, 'diagram'), start);
  assert.equal(await page.locator('#diagram').locator('button.control-new').count(), 0);
  assert.deepEqual(errors, []);
});

test('the author-defined variant is playable and its pieces are listed', async (t) => {
  const { page, errors } = await openExample(t);
  assert.match(await fenOf(page, 'custom'), /^rcbakbcr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RCBAKBCR w/);
  const names = await page.locator('#custom').locator('.piece-name').allTextContents();
  assert.ok(names.includes('Amazon') && names.includes('Cannon'), names.join(', '));
  await clickMove(page, 'custom', 'd2', 'd3');
  await clickMove(page, 'custom', 'e7', 'e6');
  // The Amazon (QN) on d1 moves as a Queen to the square the pawn left.
  await clickMove(page, 'custom', 'd1', 'd2');
  assert.deepEqual(await moves(page, 'custom'), ['d2d3', 'e7e6', 'd1d2']);
  assert.deepEqual(errors, []);
});

test('a broken definition shows its problems inside the element', async (t) => {
  const { page, errors } = await openExample(t);
  await page.evaluate(() => {
    const def = document.createElement('script');
    def.type = 'text/x-bigboard-variant';
    def.id = 'broken';
    def.textContent = 'id = "broken"\nwidth = 8\nheight = 8\nsetup = "<img src=x onerror=alert(1)>/8/8/8/8/8/8/8 w - - 0 1"\ncolour = 1\n[[piece]]\nname = "Zed"\ncode = "Z"\nmoves = "mRcpX"\n';
    document.body.append(def);
    const game = document.createElement('bigboard-game');
    game.id = 'bad';
    game.setAttribute('definition', 'broken');
    document.body.append(game);
  });
  const list = page.locator('#bad').locator('.problems li');
  await list.first().waitFor();
  const items = await list.allTextContents();
  assert.ok(items.length >= 2, items.join(' | '));
  assert.ok(items.some((s) => /^piece\[0\]\.moves: /.test(s)), items.join(' | '));
  assert.equal(await page.locator('#bad').locator('img').count(), 0);
  assert.equal(await page.locator('#bad').locator('canvas').count(), 0);
  // A start that fails once the board is being built (a position the
  // variant cannot read) leaves no empty board above its problem.
  await page.evaluate(() => {
    const game = document.createElement('bigboard-game');
    game.id = 'bad-start';
    game.setAttribute('variant', 'xhess');
    game.setAttribute('fen', 'not/a/position w - - 0 1');
    document.body.append(game);
  });
  const failed = page.locator('#bad-start').locator('.problems li');
  await failed.first().waitFor();
  assert.match(await failed.first().textContent(), /position/);
  for (const id of ['bad', 'bad-start']) {
    const shown = await page.evaluate((i) => [...document.getElementById(i).shadowRoot.querySelector('.frame').children].map((c) => c.className), id);
    assert.deepEqual(shown, ['problems'], `#${id}: only the problems are shown`);
  }
  assert.deepEqual(errors, []);
});

test('a 64 x 64 board in a 600 px column stays in it and scrolls: both far corners can be reached and played', async (t) => {
  const { page, errors } = await openExample(t);
  await page.evaluate(() => {
    const rows = ['63k', ...Array(62).fill('64'), 'K63'].join('/');
    const def = document.createElement('script');
    def.type = 'text/x-bigboard-variant';
    def.id = 'kings-64';
    def.textContent = `id = "kings-64"\nname = "Kings 64"\nwidth = 64\nheight = 64\nsetup = "${rows} w - - 0 1"\n[[piece]]\nname = "King"\ncode = "K"\nmoves = "K"\nroyal = true\n`;
    const column = document.createElement('div');
    column.id = 'column';
    column.style.width = '600px';
    const game = document.createElement('bigboard-game');
    game.id = 'narrow';
    game.setAttribute('definition', 'kings-64');
    game.setAttribute('controls', '');
    column.append(game);
    document.body.prepend(def, column);
  });
  await boardReady(page, 'narrow');
  /** Scrolls the board's box to a corner and tells where the box and square `name` are. */
  const scrollTo = (corner, name) =>
    page.evaluate(
      ([c, n]) => {
        const game = document.getElementById('narrow');
        const wrap = game.shadowRoot.querySelector('.board-wrap');
        wrap.scrollLeft = c.includes('left') ? 0 : wrap.scrollWidth;
        wrap.scrollTop = c.includes('top') ? 0 : wrap.scrollHeight;
        const r = wrap.getBoundingClientRect();
        const canvas = game.shadowRoot.querySelector('canvas').getBoundingClientRect();
        const column = document.getElementById('column').getBoundingClientRect();
        return {
          box: { left: r.left, top: r.top, right: r.left + wrap.clientWidth, bottom: r.top + wrap.clientHeight },
          canvasWidth: canvas.width,
          column: { left: column.left, right: column.right },
          at: game.squareCenter(n),
        };
      },
      [corner, name],
    );
  const inside = (p, box) => p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom;
  const low = await scrollTo('bottom left', 'a1');
  assert.ok(low.box.left >= low.column.left && low.box.right <= low.column.right, JSON.stringify(low));
  assert.ok(low.canvasWidth > low.box.right - low.box.left, 'squares at their smallest: the board scrolls');
  assert.ok(inside(low.at, low.box), JSON.stringify(low));
  await clickMove(page, 'narrow', 'a1', 'b2');
  const high = await scrollTo('top right', 'bl64');
  assert.ok(inside(high.at, high.box), JSON.stringify(high));
  await clickMove(page, 'narrow', 'bl64', 'bk63');
  assert.deepEqual(await moves(page, 'narrow'), ['a1b2', 'bl64bk63']);
  assert.deepEqual(errors, []);
});

test('host page styles do not break the element', async (t) => {
  const { page, errors } = await openExample(t);
  // The example page's strict policy forbids inline <style>; a constructed
  // style sheet applies the same hostile rules to the host page.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { all: unset } canvas { display: none }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.waitForTimeout(200);
  const box = await page.evaluate(() => {
    const c = document.getElementById('custom').shadowRoot.querySelector('canvas');
    const r = c.getBoundingClientRect();
    return { display: getComputedStyle(c).display, width: r.width, height: r.height };
  });
  assert.notEqual(box.display, 'none');
  assert.ok(box.width > 100 && box.height > 100, JSON.stringify(box));
  await clickMove(page, 'custom', 'c2', 'c3');
  assert.deepEqual(await moves(page, 'custom'), ['c2c3']);
  assert.deepEqual(errors, []);
});

test('the single offline file, opened from disk: every variant, and an AI move', async (t) => {
  const { page, errors } = await embedPage(t);
  await page.goto(pathToFileURL(join(DIST, 'bigboard.html')).href);
  await ready(page);
  const ids = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
  assert.ok(ids.length >= 4, ids.join(', '));
  for (const id of ids) {
    await chooseVariant(page, id);
    assert.ok((await page.evaluate(() => window.bigboardTest.fen())).length > 0);
  }
  await chooseVariant(page, 'xhess');
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'black-ai');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1, null, { timeout: 30000 });
  assert.equal((await page.evaluate(() => window.bigboardTest.status())).side, 1);
  assert.deepEqual(errors, []);
});

/** Adds a <bigboard-game id=`id`> with `attrs` to the example page and waits until it shows a position. */
async function addGame(page, id, attrs) {
  await page.evaluate(
    ([i, a]) => {
      const game = document.createElement('bigboard-game');
      game.id = i;
      for (const [k, v] of Object.entries(a)) game.setAttribute(k, v);
      document.body.append(game);
    },
    [id, attrs],
  );
  await boardReady(page, id);
}

test('moves written in SAN with numbers and comments; record() writes the game in SAN or coordinates', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'san', { variant: 'xhess', moves: '1. He5 {centre} He6 2. Cxb7 Hxb7', controls: 'new,undo' });
  assert.deepEqual(await moves(page, 'san'), ['e4e5', 'e7e6', 'b3b7', 'a8b7']);
  // New game keeps the game before: Undo brings it back.
  const game = page.locator('#san');
  await game.locator('button.control-new').click();
  await page.waitForFunction(() => document.getElementById('san').history().coord.length === 0);
  assert.match(await game.locator('.message').textContent(), /The game before is kept; Undo brings it back/);
  await game.locator('button.control-undo').click();
  await page.waitForFunction(() => document.getElementById('san').history().coord.length === 4);
  const record = await page.evaluate(() => document.getElementById('san').record());
  assert.match(record, /\[Variant "xhess"\][\s\S]*\n\n1\. He5 He6 2\. Cxb7 Hxb7 \*\n$/);
  assert.match(await page.evaluate(() => document.getElementById('san').record('coord')), /\n\n1\. e4e5 e7e6 2\. b3b7 a8b7 \*\n$/);
  // A move the engine cannot read: the element says which, and shows no board.
  await page.evaluate(() => {
    const game = document.createElement('bigboard-game');
    game.id = 'bad-san';
    game.setAttribute('variant', 'xhess');
    game.setAttribute('moves', '1. He5 Qz9');
    document.body.append(game);
  });
  await page.waitForFunction(() => /move 2 \(Qz9\)/.test(document.getElementById('bad-san').shadowRoot.textContent));
  assert.deepEqual(errors, []);
});

test('theme="night" draws dark squares in the night colours', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'night', { variant: 'xhess', theme: 'night' });
  await page.waitForTimeout(100);
  const rgb = await page.evaluate(() => {
    const game = document.getElementById('night');
    const c = game.shadowRoot.querySelector('canvas');
    const a1 = game.squareCenter('a1');
    const b1 = game.squareCenter('b1');
    const half = Math.abs(b1.x - a1.x) / 2;
    // Near a1's bottom-left corner, clear of the piece on it.
    const x = a1.x - half * 0.85;
    const y = a1.y + half * 0.85;
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const d = c.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  });
  // Night's dark square is #333b47.
  assert.deepEqual(rgb, [0x33, 0x3b, 0x47]);
  assert.match(await page.locator('#night').locator('canvas').getAttribute('aria-label'), /xhess|board/i);
  assert.equal(await page.locator('#night').locator('canvas').getAttribute('tabindex'), '0');
  assert.deepEqual(errors, []);
});

test('controls="type,resign": a typed move is played, a bad one explained, and resigning ends the game', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'typed', { variant: 'xhess', controls: 'type,resign' });
  const game = page.locator('#typed');
  assert.equal(await game.locator('button.control-new').count(), 0);
  await game.locator('input.move-input').fill('zz99');
  await game.locator('input.move-input').press('Enter');
  await game.locator('.message').filter({ hasText: /zz99/ }).waitFor();
  assert.deepEqual(await moves(page, 'typed'), []);
  await game.locator('input.move-input').fill('b3b7');
  await game.locator('input.move-input').press('Enter');
  await page.waitForFunction(() => document.getElementById('typed').history().coord.length === 1);
  assert.deepEqual(await moves(page, 'typed'), ['b3b7']);
  assert.equal(await game.locator('input.move-input').inputValue(), '');
  // Black resigns, after confirming inside the element.
  await game.locator('button.control-resign').click();
  await game.locator('.question').filter({ hasText: 'Black resigns?' }).waitFor();
  await game.locator('button.answer-yes').click();
  await game.locator('.turn.over').filter({ hasText: /resigns/ }).waitFor();
  assert.equal(await page.evaluate(() => document.getElementById('typed').status().winner), 0);
  assert.ok(await game.locator('button.control-resign').isHidden());
  assert.deepEqual(errors, []);
});

test('controls="hint,draw": the engine suggests a move; a draw offer accepted ends the game', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'comfy', { variant: 'xhess', controls: 'hint,draw', sounds: '' });
  const game = page.locator('#comfy');
  await game.locator('button.control-hint').click();
  await game.locator('.hint-note').filter({ hasText: /^Hint: [A-Z]*[a-z]?\d*x?[a-z]+\d+/ }).waitFor({ timeout: 30000 });
  await game.locator('button.control-draw').click();
  await game.locator('.question').filter({ hasText: 'White offers a draw. Black, do you accept?' }).waitFor();
  await game.locator('button.answer-yes').click();
  await game.locator('.turn.over').filter({ hasText: /agreement/ }).waitFor();
  assert.equal(await page.evaluate(() => document.getElementById('comfy').status().winner), null);
  assert.deepEqual(errors, []);
});

/** Types `text` into the move field of element `#id` and waits until the game has `plies` moves. */
async function typeMove(page, id, text, plies) {
  const input = page.locator(`#${id}`).locator('input.move-input');
  await input.fill(text);
  await input.press('Enter');
  await page.waitForFunction(([i, n]) => document.getElementById(i).history().coord.length === n, [id, plies]);
}

test('clock="0:02": the clocks start with the first move, a fallen flag loses, New game starts them again', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'timed', { variant: 'xhess', controls: 'type,new', clock: '0:02' });
  const game = page.locator('#timed');
  // Nobody has moved: no time runs.
  await page.waitForTimeout(400);
  assert.equal(await game.locator('.clock-white').textContent(), 'White 0:02.0');
  assert.equal(await game.locator('.clock.running').count(), 0);

  await typeMove(page, 'timed', 'b3b7', 1);
  await game.locator('.clock-black.running').waitFor();
  await game.locator('.turn.over').filter({ hasText: "White wins — Black's time ran out" }).waitFor({ timeout: 8000 });
  assert.equal(await page.evaluate(() => document.getElementById('timed').status().winner), 0);
  assert.equal(await game.locator('.clock-black').textContent(), 'Black 0:00.0');
  assert.ok(await game.locator('.clock-black').evaluate((e) => e.classList.contains('flagged')));
  assert.equal(await game.locator('.clock-white').textContent(), 'White 0:02.0');
  assert.ok(await game.locator('input.move-input').isDisabled());

  await game.locator('button.control-new').click();
  await page.waitForFunction(() => document.getElementById('timed').status().over === false);
  assert.equal(await game.locator('.clock-black').textContent(), 'Black 0:02.0');
  assert.equal(await game.locator('.clock.flagged').count(), 0);
  assert.deepEqual(errors, []);
});

test('clock: a flag falling against a bare king is a draw; an unreadable clock is reported in the element', async (t) => {
  const { page, errors } = await openExample(t);
  // Not on one file: Flee kings attack each other along open lines.
  const fen = '3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1';
  await addGame(page, 'bare', { variant: 'flee', fen, controls: 'type', clock: '0:03' });
  await typeMove(page, 'bare', 'e1f1', 1);
  await typeMove(page, 'bare', 'd16b16', 2);
  // White, with a queen, runs out of time; Black has only a king and cannot win.
  const game = page.locator('#bare');
  await game.locator('.turn.over').filter({ hasText: "Draw — White's time ran out and Black cannot win" }).waitFor({ timeout: 8000 });
  const s = await page.evaluate(() => document.getElementById('bare').status());
  assert.equal(s.over, true);
  assert.equal(s.winner, null);

  await addGame(page, 'soon', { variant: 'xhess', clock: 'soon' });
  const soon = page.locator('#soon');
  assert.equal(
    await soon.locator('.message').textContent(),
    'Ignored: clock "soon" is not minutes + seconds of increment, such as 5+3 or 0:30+2.',
  );
  assert.equal(await soon.locator('.clocks').count(), 0);
  assert.deepEqual(errors, []);
});

test('controls="analysis,flip": an evaluation bar and a principal variation, input not blocked, the bar turning with the board', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'analysed', { variant: 'xhess', controls: 'analysis,flip' });
  const game = page.locator('#analysed');
  assert.ok(await game.locator('.eval-bar').isHidden());
  await game.locator('input.control-analysis').check();
  await game.locator('.eval-bar').waitFor();
  const pv = /depth \d+\): \S/;
  await game.locator('.analysis-text').filter({ hasText: pv }).waitFor({ timeout: 15000 });
  assert.match(await game.locator('.eval-fill').evaluate((e) => e.style.height), /^\d+(\.\d+)?%$/);
  const first = await game.locator('.analysis-text').textContent();
  // The line in SAN, as the element writes moves: never a coordinate pair.
  assert.doesNotMatch(first, /\): [a-z]+\d+[a-z]+\d+/, first);

  // A move plays at once while the engine thinks, and the analysis starts again.
  await clickMove(page, 'analysed', 'b3', 'b7');
  await page.waitForFunction(
    ([before, re]) => {
      const text = document.getElementById('analysed').shadowRoot.querySelector('.analysis-text').textContent;
      return text !== before && new RegExp(re).test(text);
    },
    [first, pv.source],
    { timeout: 15000 },
  );
  await page.waitForTimeout(400);
  assertWhiteSide(await evalBarBox(page, 'analysed'), true);

  // Flipped, Black is at the bottom and White's part of the bar at the top.
  await game.locator('button.control-flip').click();
  await page.waitForFunction(() => {
    const g = document.getElementById('analysed');
    return g.squareCenter('a1').y < g.squareCenter('a10').y;
  });
  assertWhiteSide(await evalBarBox(page, 'analysed'), false);
  await game.locator('button.control-flip').click();
  assertWhiteSide(await evalBarBox(page, 'analysed'), true);

  await game.locator('input.control-analysis').uncheck();
  assert.ok(await game.locator('.eval-bar').isHidden());
  assert.ok(await game.locator('.analysis-text').isHidden());
  assert.deepEqual(errors, []);
});

test('an element rebuilt by attribute changes, then removed, leaves no window listeners behind', async (t) => {
  const b = await embedPage(t);
  // Counts the window 'resize' listeners still live: added, not removed,
  // their abort signal (if any) not fired.
  await b.page.addInitScript(() => {
    const live = new Set();
    const add = window.addEventListener.bind(window);
    window.addEventListener = (type, fn, options) => {
      if (type === 'resize') {
        const entry = { fn, signal: typeof options === 'object' ? options.signal : undefined };
        live.add(entry);
        entry.signal?.addEventListener('abort', () => live.delete(entry));
      }
      return add(type, fn, options);
    };
    window.liveResizeListeners = () => live.size;
  });
  await b.page.goto(`${b.server.url}embed-example.html`);
  const { page, errors } = b;
  // The example's own boards first: counted before they are built, their
  // listeners would look left behind by the removed element.
  for (const id of ['vs-ai', 'diagram', 'custom']) await boardReady(page, id);
  const before = await page.evaluate(() => window.liveResizeListeners());
  await addGame(page, 'rebuilt', { variant: 'xhess' });
  const one = await page.evaluate(() => window.liveResizeListeners());
  assert.ok(one > before, 'the board follows the window size');
  for (const orientation of ['black', 'white', 'black']) {
    await page.evaluate((o) => document.getElementById('rebuilt').setAttribute('orientation', o), orientation);
    await page.waitForTimeout(150);
    await boardReady(page, 'rebuilt');
  }
  assert.equal(await page.evaluate(() => window.liveResizeListeners()), one);
  await page.evaluate(() => document.getElementById('rebuilt').remove());
  assert.equal(await page.evaluate(() => window.liveResizeListeners()), before);
  assert.deepEqual(errors, []);
});

test('seed="42": a UC-170-17 element starts from that random setup, its reserve queues drawn above and below the board', async (t) => {
  const { page, errors } = await openExample(t);
  await addGame(page, 'uc-a', { variant: 'uc-170-17', seed: '42' });
  await addGame(page, 'uc-b', { variant: 'uc-170-17', seed: '42' });
  await addGame(page, 'uc-c', { variant: 'uc-170-17', seed: '43' });
  const [a, b, c] = await Promise.all(['uc-a', 'uc-b', 'uc-c'].map((id) => fenOf(page, id)));
  assert.match(a, / reserve=/);
  assert.equal(a, b, 'one seed, one setup');
  assert.notEqual(a, c, 'another seed, another setup');
  // The canvas is the play board with a reserve queue above and below it: ten rows over eight files, taller than wide.
  const box = await page.evaluate(() => {
    const r = document.getElementById('uc-a').shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { w: r.width, h: r.height };
  });
  assert.ok(box.h > box.w * 1.05 && box.h < box.w * 1.35, JSON.stringify(box));
  assert.deepEqual(errors, []);
});

test('the single offline file hosts <bigboard-game variant="uc-170-17" seed="42">: the seed\'s setup, a move, from disk', async (t) => {
  const { page, errors } = await embedPage(t);
  await page.goto(pathToFileURL(join(DIST, 'bigboard.html')).href);
  await ready(page);
  // The app's own game from seed 42, to compare with the element's.
  await page.evaluate(() => (location.hash = 'variant=uc-170-17&seed=42'));
  await page.waitForFunction(() => window.bigboardTest.seed() === 42 && / reserve=/.test(window.bigboardTest.fen()));
  const seeded = await page.evaluate(() => window.bigboardTest.fen());
  await addGame(page, 'uc-offline', { variant: 'uc-170-17', seed: '42' });
  assert.equal(await fenOf(page, 'uc-offline'), seeded, 'the same setup as the app draws from seed 42');
  const box = await page.evaluate(() => {
    const r = document.getElementById('uc-offline').shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { w: r.width, h: r.height };
  });
  assert.ok(box.h > box.w * 1.05 && box.h < box.w * 1.35, `the play board between its reserve queues: ${JSON.stringify(box)}`);
  await page.evaluate(() => document.getElementById('uc-offline').scrollIntoView());
  await clickMove(page, 'uc-offline', 'e2', 'e3');
  assert.deepEqual(await moves(page, 'uc-offline'), ['e2e3']);
  assert.deepEqual(errors, []);
});
