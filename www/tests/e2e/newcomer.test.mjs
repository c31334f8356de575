// A newcomer's first game: no control covers a square of the board (app on
// a phone, a 240 px element), the Rules view of every variant, the AI box
// showing only the line of the search that chose the move shown, and a
// long legend that starts folded and scrolls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserPage, chooseVariant, clickMove, clickSquare, open, pixelAt } from './support.mjs';

const BUILT_IN = ['xhess', 'overboard', 'really-big-board', 'flee', 'uc-170-17'];
const PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { deviceScaleFactor: 3, hasTouch: true, isMobile: true } };

/**
 * The controls (buttons, selects, inputs, summaries, links) under `root`
 * whose boxes meet the board's squares: the canvas's box inside its
 * scrolling box.
 */
function coveringControls(root, canvas, wrap) {
  const c = canvas.getBoundingClientRect();
  const w = wrap.getBoundingClientRect();
  const board = { left: Math.max(c.left, w.left), top: Math.max(c.top, w.top), right: Math.min(c.right, w.right), bottom: Math.min(c.bottom, w.bottom) };
  const out = [];
  for (const e of root.querySelectorAll('button, select, input, textarea, summary, a, [role="button"], .piece-tip')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < board.right - 0.5 && r.right > board.left + 0.5 && r.top < board.bottom - 0.5 && r.bottom > board.top + 0.5) {
      out.push(`${e.tagName.toLowerCase()}.${e.className} "${e.getAttribute('aria-label') ?? e.textContent.trim().slice(0, 20)}" at ${JSON.stringify(r.toJSON())}`);
    }
  }
  return { board, out };
}

test('phone (390 x 844): no control covers a square of any built-in board, fitted or zoomed; a tap on a corner square picks its man', async (t) => {
  const { page, errors } = await open(t, PHONE);
  for (const id of BUILT_IN) {
    if (id !== 'xhess') await chooseVariant(page, id);
    for (const zoom of ['fitted', 'zoomed']) {
      if (zoom === 'zoomed') {
        const button = await page.$('.zoom button[aria-label="Zoom in"]:not([disabled])');
        if (button === null || !(await button.isVisible())) continue;
        await button.tap();
        // Panned to the box's top right corner: where the buttons used to sit.
        await page.$eval('#board-wrap', (w) => w.scrollTo(w.scrollWidth, 0));
      }
      const { out } = await page.evaluate(`(${coveringControls})(document, document.getElementById('board'), document.getElementById('board-wrap'))`);
      assert.deepEqual(out, [], `${id}, ${zoom}`);
    }
    const out = await page.$('.zoom button[aria-label="Zoom out"]:not([disabled])');
    if (out !== null && (await out.isVisible())) await out.tap();
  }
  // Overboard's top right corner square, where the zoom buttons sat on the board: a tap there in hot-seat is a
  // tap on Black's p16 man, not a zoom.
  await chooseVariant(page, 'overboard');
  await clickMove(page, 'a4', 'a5');
  const p15 = await page.evaluate(() => window.bigboardTest.squareCenter('p15'));
  const before = await page.evaluate(() => window.bigboardTest.squareCss());
  await page.touchscreen.tap(p15.x, p15.y);
  assert.equal(await page.evaluate(() => window.bigboardTest.squareCss()), before, 'the tap did not zoom');
  assert.deepEqual(errors, []);
});

test('a 240 px <bigboard-game>: no control covers a square of any built-in board', async (t) => {
  const { page, errors, server } = await browserPage(t, { viewport: { width: 1400, height: 900 }, timeout: 20000 });
  await page.goto(`${server.url}embed-example.html`);
  await page.evaluate((ids) => {
    document.body.replaceChildren(
      ...ids.map((id) => {
        const column = document.createElement('div');
        column.style.width = '240px';
        column.innerHTML = `<bigboard-game id="${id}" variant="${id}" controls="undo,flip,hint" legend></bigboard-game>`;
        return column;
      }),
    );
  }, BUILT_IN);
  for (const id of BUILT_IN) {
    await page.waitForFunction((i) => document.getElementById(i)?.fen?.() !== '', id, { timeout: 30000 });
    const { out } = await page.evaluate(
      `(() => { const root = document.getElementById(${JSON.stringify(id)}).shadowRoot; return (${coveringControls})(root, root.querySelector('canvas.board'), root.querySelector('.board-wrap')); })()`,
    );
    assert.deepEqual(out, [], id);
  }
  assert.deepEqual(errors, []);
});

/** What each built-in variant's Rules view must say (its special rules). */
const SAYS = {
  xhess: [/far rank/, /Horseman/, /Cannon/],
  overboard: [/Courier Pawn/, /cross the whole board/, /rank 12 a Ski-Queen/, /reconstruction/],
  'really-big-board': [/castl/i, /one to six squares/, /en passant/],
  flee: [/King/, /may not end its move on one/, /only to a Guard/],
  'uc-170-17': [/An exchange is a capture answered at once/, /drop/, /credit/, /last piece still in its reserve/, /Anti-King/, /Wuss/],
};

test('the Rules view: every built-in variant\'s rules text, a gallery variant\'s, and the kinds from it; the first screen says how to start', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1400, height: 900 } });
  assert.match(await page.textContent('.intro'), /pick a Variant and the Players, then move a piece/);
  await page.click('#rules-box > summary');
  for (const id of BUILT_IN) {
    if (id !== 'xhess') await chooseVariant(page, id);
    const name = await page.evaluate(() => window.bigboardTest.variant());
    assert.equal(name, id);
    const text = await page.textContent('#rules');
    for (const re of SAYS[id]) assert.match(text, re, id);
    // Lists and paragraphs, as text.
    assert.ok((await page.$$('#rules p')).length >= 1 && (await page.$$('#rules li')).length >= 3, id);
    // The blank lines of the definition's text part its paragraphs.
    if (id === 'overboard') assert.match(await page.textContent('#rules .rules-text p:nth-child(2)'), /^Beware the pawns\./);
    assert.match(await page.textContent('#rules-title'), new RegExp(`Rules of`));
  }
  // Every gallery variant has its rules text too; the kinds open from the Rules view.
  const gallery = await page.$$eval('#variant optgroup[label="Gallery"] option', (os) => os.map((o) => o.value));
  assert.ok(gallery.length >= 11, gallery.join(' '));
  for (const id of gallery) {
    await chooseVariant(page, id);
    const text = await page.textContent('#rules');
    assert.doesNotMatch(text, /has no rules text/, id);
    assert.match(text, /win|Win/, id);
  }
  await chooseVariant(page, 'capablanca');
  assert.match(await page.textContent('#rules'), /Chancellor .*Castling: the King goes from f1 to i1/s);
  await page.click('#rules-pieces');
  assert.equal(await page.$eval('#pieces-box', (d) => d.open), true);
  await page.waitForFunction(() => document.querySelectorAll('#pieces .piece-card canvas').length > 0);
  assert.deepEqual(errors, []);

  // On a phone: the sentence and the Rules view come right under the board; opened, UC-170-17's rules read
  // without sideways scrolling.
  const phone = await open(t, PHONE);
  await chooseVariant(phone.page, 'uc-170-17');
  const board = await phone.page.$eval('#board-wrap', (w) => w.getBoundingClientRect().bottom);
  const summary = await phone.page.$eval('#rules-box > summary', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(summary.top > board && summary.top < 844 + 200, JSON.stringify({ board, summary }));
  await phone.page.tap('#rules-box > summary');
  assert.match(await phone.page.textContent('#rules'), /An exchange is a capture answered at once/);
  assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  const rules = await phone.page.$eval('#rules', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(rules.left >= 0 && rules.right <= 390, JSON.stringify(rules));
  assert.deepEqual(phone.errors, []);
});

test('the element\'s Rules view and a long legend: folded, searchable, of bounded height', async (t) => {
  const { page, errors, server } = await browserPage(t, { viewport: { width: 1400, height: 900 }, timeout: 30000 });
  await page.goto(`${server.url}embed-example.html`);
  // The example's author definition has no rules text: its Rules view says so above its kinds.
  await page.waitForFunction(() => document.getElementById('custom')?.fen?.() !== '');
  assert.match(
    await page.evaluate(() => document.getElementById('custom').shadowRoot.querySelector('details.rules-box .rules').textContent),
    /has no rules text; its kinds and their moves follow/,
  );
  await page.evaluate(() => {
    // The example page's policy refuses style attributes: the columns' widths are set as properties.
    document.body.replaceChildren(
      ...[['uc', 'uc-170-17'], ['x', 'xhess']].map(([id, variant]) => {
        const column = document.createElement('div');
        column.style.width = '600px';
        column.innerHTML = `<bigboard-game id="${id}" variant="${variant}" legend></bigboard-game>`;
        return column;
      }),
    );
  });
  for (const id of ['uc', 'x']) await page.waitForFunction((i) => document.getElementById(i)?.fen?.() !== '', id, { timeout: 30000 });
  const uc = await page.evaluate(() => {
    const root = document.getElementById('uc').shadowRoot;
    const legend = [...root.querySelectorAll('details.pieces-box')].find((d) => d.parentElement.classList.contains('frame'));
    return { open: legend.open, cards: legend.querySelectorAll('.piece-card').length, search: legend.querySelector('input[type=search]') !== null, height: document.getElementById('uc').getBoundingClientRect().height };
  });
  assert.deepEqual({ open: uc.open, cards: uc.cards, search: uc.search }, { open: false, cards: 0, search: true });
  assert.ok(uc.height < 1200, `the element is ${uc.height} px tall`);
  // Opened, the 187 kinds scroll inside a box; the search narrows them.
  await page.evaluate(() => {
    const root = document.getElementById('uc').shadowRoot;
    [...root.querySelectorAll('details.pieces-box')].find((d) => d.parentElement.classList.contains('frame')).open = true;
  });
  await page.waitForFunction(() => document.getElementById('uc').shadowRoot.querySelectorAll('.frame > details.pieces-box .piece-card').length === 187);
  const opened = await page.evaluate(() => {
    const root = document.getElementById('uc').shadowRoot;
    const list = root.querySelector('.frame > details.pieces-box .pieces');
    return { list: list.getBoundingClientRect().height, scrolls: list.scrollHeight > list.clientHeight, element: document.getElementById('uc').getBoundingClientRect().height };
  });
  assert.ok(opened.scrolls && opened.list <= 28 * 16 + 1 && opened.element < 1800, JSON.stringify(opened));
  const search = page.locator('#uc >> .frame > details.pieces-box input[type=search]');
  await search.fill('Scorpion');
  const shown = await page.evaluate(() => [...document.getElementById('uc').shadowRoot.querySelectorAll('.frame > details.pieces-box .piece-card')].filter((c) => !c.hidden).length);
  assert.ok(shown >= 1 && shown <= 3, `${shown} cards for "Scorpion"`);
  // Xhess's 8 kinds: the legend starts open. Its Rules view tells the far-rank win.
  const x = await page.evaluate(() => {
    const root = document.getElementById('x').shadowRoot;
    return { legendOpen: root.querySelector('.frame > details.pieces-box').open, rules: root.querySelector('details.rules-box .rules').textContent };
  });
  assert.equal(x.legendOpen, true);
  assert.match(x.rules, /far rank/);
  assert.deepEqual(errors, []);
});

test('the AI box: the line of the search that chose the move shown, in SAN; cleared by a new game, a game link and a variant switch', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1400, height: 900 } });
  await page.selectOption('#level', '3');
  await page.selectOption('#mode', 'white-ai');
  for (let i = 0; i < 2; i++) {
    const moves = await page.evaluate(() => window.bigboardTest.history().coord.length);
    await clickMove(page, i === 0 ? 'e4' : 'd4', i === 0 ? 'e5' : 'd5');
    await page.waitForFunction((n) => window.bigboardTest.history().coord.length === n + 2, moves, { timeout: 30000 });
    await page.waitForFunction(() => /^played /.test(document.getElementById('ai-info').textContent));
    const info = await page.textContent('#ai-info');
    const san = await page.evaluate(() => window.bigboardTest.history().san.at(-1));
    // The move shown is the move played, written as the move list writes it.
    assert.ok(info.startsWith(`played ${san}`), `${info} / ${san}`);
    assert.match(info, /depth \d+ · score /);
  }
  // Moves in coordinates: the AI box is written again at once.
  const coord = await page.evaluate(() => window.bigboardTest.history().coord.at(-1));
  await page.$eval('#notation', (n) => (n.closest('details').open = true));
  await page.selectOption('#notation', 'coord');
  assert.ok((await page.textContent('#ai-info')).startsWith(`played ${coord}`), await page.textContent('#ai-info'));
  await page.selectOption('#notation', 'san');
  await page.click('#new-game');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 0);
  assert.equal(await page.textContent('#ai-info'), '');
  await clickMove(page, 'e4', 'e5');
  await page.waitForFunction(() => /^played /.test(document.getElementById('ai-info').textContent), null, { timeout: 30000 });
  // A game link replaces the game (White, the player, to move): the box is emptied.
  await page.evaluate(() => (location.hash = 'variant=xhess&moves=b4b5%2Cb7b6'));
  await page.waitForFunction(() => window.bigboardTest.history().coord.join(' ') === 'b4b5 b7b6');
  assert.equal(await page.textContent('#ai-info'), '');
  await page.selectOption('#mode', 'hotseat');
  await chooseVariant(page, 'flee');
  assert.equal(await page.textContent('#ai-info'), '');
  assert.deepEqual(errors, []);
});

test('UC-170-17 laid out for play: the play board the largest thing, queues of 40 px tokens and more; the whole reserve on demand, zoomed on the play board', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1400, height: 900 } });
  await chooseVariant(page, 'uc-170-17');
  const sq = await page.evaluate(() => window.bigboardTest.squareCss());
  assert.ok(sq >= 60, `desktop squares ${sq} px`);
  const cells = await page.evaluate(() => [0, 1].map((i) => window.bigboardTest.reserveCenter(0, 'piece', i)));
  assert.ok(cells[1].x - cells[0].x >= 40, `queue tokens ${cells[1].x - cells[0].x} px apart`);
  // The play board is larger than anything else on the page.
  const boardSide = sq * 8;
  const largest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.side > *')].map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))));
  assert.ok(boardSide > largest, `${boardSide} vs ${largest}`);
  assert.deepEqual(errors, []);

  // A phone: the board takes the width; a tap on the credits shows White's queue, and from it the whole reserve
  // opens; + zooms on the play board.
  const phone = await open(t, PHONE);
  const p = phone.page;
  await chooseVariant(p, 'uc-170-17');
  const psq = await p.evaluate(() => window.bigboardTest.squareCss());
  assert.ok(psq >= 40, `phone squares ${psq} px`);
  const h1 = await p.evaluate(() => window.bigboardTest.squareCenter('h1'));
  await p.touchscreen.tap(h1.x, h1.y + psq);
  await p.waitForSelector('#promotion[open] .queue-man');
  await p.tap('#promotion [data-queue="whole"]');
  await p.waitForFunction(() => window.bigboardTest.reserveStrip().open);
  await p.tap('.zoom button[aria-label="Zoom in"]');
  await p.waitForFunction(() => window.bigboardTest.squareCss() >= 40);
  const box = await p.$eval('#board-wrap', (w) => w.getBoundingClientRect().toJSON());
  const [a1, h8] = await p.evaluate(() => ['d4', 'e5'].map((n) => window.bigboardTest.squareCenter(n)));
  for (const c of [a1, h8]) assert.ok(c.x > box.left && c.x < box.right && c.y > box.top && c.y < box.bottom, `the play board's centre in view: ${JSON.stringify({ c, box })}`);
  assert.deepEqual(phone.errors, []);
});

test('UC-170-17 in a <bigboard-game>: the element\'s width decides, the play board with its queues at 400 px', async (t) => {
  const { page, errors, server } = await browserPage(t, { viewport: { width: 1400, height: 900 }, timeout: 30000 });
  await page.goto(`${server.url}embed-example.html`);
  await page.evaluate(() => {
    const column = document.createElement('div');
    column.style.width = '400px';
    column.innerHTML = '<bigboard-game id="uc" variant="uc-170-17" seed="42"></bigboard-game>';
    document.body.replaceChildren(column);
  });
  await page.waitForFunction(() => document.getElementById('uc')?.fen?.() !== '');
  const [a1, b1, a2] = await page.evaluate(() => ['a1', 'b1', 'a2'].map((n) => document.getElementById('uc').squareCenter(n)));
  const square = b1.x - a1.x;
  assert.ok(square >= 40 && Math.abs(a1.y - a2.y - square) < 1, `${square} px squares`);
  const canvas = await page.evaluate(() => document.getElementById('uc').shadowRoot.querySelector('canvas.board').getBoundingClientRect().toJSON());
  // Eight files across (and the rank gutter), ten rows down: the board and a strip above and below.
  assert.ok(Math.abs(canvas.height - (canvas.height / square) * square) < 1 && canvas.height >= 10 * square - 1 && canvas.height < 11 * square, JSON.stringify({ canvas, square }));
  assert.deepEqual(errors, []);
});

test('the tip speaks words: a man\'s name, description and moves from here; its notation folded to a line; clear of its moves, inside the board', async (t) => {
  // On a phone the Scorpion's moves from d4 reach most of the 8 x 8 board and leave no room for a tip clear of them
  // (it then takes the place covering the fewest): a Knight there.
  for (const [viewport, code, name, words] of [
    [{ width: 1400, height: 900 }, 'SC', 'Scorpion', /^Four outward orthogonal\/diagonal steps/],
    [{ width: 390, height: 844 }, 'N', 'Knight', /^Leaps/],
  ]) {
    const { page, errors } = await open(t, { viewport });
    await page.evaluate((c) => (location.hash = new URLSearchParams({ variant: 'uc-170-17', fen: `7k/8/8/8/3{${c}}4/8/8/4K3 w - - 0 1` }).toString()), code);
    await page.waitForFunction(() => window.bigboardTest.variant() === 'uc-170-17' && window.bigboardTest.fen().startsWith('7k/8/8/8/3'));
    const d4 = await page.evaluate(() => window.bigboardTest.squareCenter('d4'));
    await page.mouse.move(d4.x, d4.y);
    await page.waitForSelector('.piece-tip:not([hidden])');
    const text = await page.textContent('.piece-tip');
    const lines = text.split('\n');
    assert.equal(lines[0], `${name} (${code})`);
    assert.match(lines[1], words);
    assert.match(text, /from here: \d+ moves/);
    const box = await page.$eval('.piece-tip', (e) => e.getBoundingClientRect().toJSON());
    const note = await page.$eval('.tip-notation', (e) => ({ h: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) || 20, cut: e.scrollWidth > e.clientWidth }));
    assert.ok(note.h <= note.line * 1.5 && (code !== 'SC' || note.cut), `the notation on one line, cut short: ${JSON.stringify(note)}`);
    // Not over the man nor any of its destinations; inside the canvas and its box.
    const squares = await page.evaluate(() => window.bigboardTest.previewSquares());
    assert.ok(squares.length > (code === 'SC' ? 10 : 4), squares.join(' '));
    const half = (await page.evaluate(() => window.bigboardTest.squareCss())) / 2;
    for (const name of squares) {
      const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
      const overlaps = box.left < c.x + half && box.right > c.x - half && box.top < c.y + half && box.bottom > c.y - half;
      assert.ok(!overlaps, `${viewport.width}: the tip covers ${name}: ${JSON.stringify(box)}`);
    }
    const canvas = await page.$eval('#board', (e) => e.getBoundingClientRect().toJSON());
    const wrap = await page.$eval('#board-wrap', (e) => e.getBoundingClientRect().toJSON());
    for (const r of [canvas, wrap]) assert.ok(box.left >= r.left && box.right <= r.right && box.top >= r.top && box.bottom <= r.bottom, `${viewport.width}: the tip ${JSON.stringify(box)} in ${JSON.stringify(r)}`);
    if (code === 'SC') {
      // Resting on it longer unfolds the whole notation string, still clear of the man's moves.
      await page.waitForSelector('.tip-notation.open');
      const open = await page.$eval('.tip-notation', (e) => ({ text: e.textContent, whole: e.scrollWidth <= e.clientWidth + 1, lines: e.getBoundingClientRect().height / (parseFloat(getComputedStyle(e).lineHeight) || 16) }));
      const moves = await page.evaluate(() => window.bigboardTest.pieces().find((p) => p.code === 'SC').moves);
      assert.equal(open.text, `notation: ${moves}`);
      assert.ok(open.whole && open.lines > 1.5, JSON.stringify(open));
      const after = await page.$eval('.piece-tip', (e) => e.getBoundingClientRect().toJSON());
      for (const name of squares) {
        const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
        assert.ok(!(after.left < c.x + half && after.right > c.x - half && after.top < c.y + half && after.bottom > c.y - half), `unfolded, the tip covers ${name}`);
      }
    }
    assert.deepEqual(errors, []);
  }
});

test('a promotion with one choice and no declining is made without a dialog, and told; selects show their whole text on a 390 px screen', async (t) => {
  const { page, errors } = await open(t, PHONE);
  // Flee!: a pawn reaching the last rank becomes a Guard, nothing else.
  await page.evaluate(() => (location.hash = new URLSearchParams({ variant: 'flee', fen: '14k1/P15/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1' }).toString()));
  await page.waitForFunction(() => window.bigboardTest.variant() === 'flee' && window.bigboardTest.fen().startsWith('14k1/P15'));
  const [a15, a16] = await page.evaluate(() => ['a15', 'a16'].map((n) => window.bigboardTest.squareCenter(n)));
  await page.touchscreen.tap(a15.x, a15.y);
  await page.touchscreen.tap(a16.x, a16.y);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.equal(await page.$eval('#promotion', (d) => d.open), false, 'no dialog');
  assert.match((await page.evaluate(() => window.bigboardTest.history())).san[0], /=G/);
  assert.match(await page.textContent('#status-line'), /Promoted to a Guard, the only choice\./);
  // Every option of every select fits its box.
  for (const id of ['variant', 'mode', 'level', 'clock-preset', 'theme']) {
    for (const value of await page.$$eval(`#${id} option`, (os) => os.map((o) => o.value))) {
      const fits = await page.$eval(
        `#${id}`,
        (s, v) => {
          s.value = v;
          const text = s.selectedOptions[0].textContent;
          const probe = document.createElement('span');
          probe.style.font = getComputedStyle(s).font;
          probe.style.whiteSpace = 'pre';
          probe.textContent = text;
          document.body.append(probe);
          const need = probe.getBoundingClientRect().width;
          probe.remove();
          // The text's width, the box's padding and its arrow.
          return { text, need, has: s.clientWidth - 32 };
        },
        value,
      );
      assert.ok(fits.need <= fits.has, `#${id}: "${fits.text}" needs ${fits.need} px, has ${fits.has}`);
    }
  }
  assert.deepEqual(errors, []);
});

test('drop targets as visible as move targets: the move\'s dot and a frame in the same colour', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1400, height: 900 } });
  await page.evaluate(() => (location.hash = new URLSearchParams({ variant: 'uc-170-17', fen: '4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0' }).toString()));
  await page.waitForFunction(() => window.bigboardTest.variant() === 'uc-170-17' && window.bigboardTest.fen().startsWith('4k3/8/8/8/8/8/8/4K3'));
  await clickSquare(page, 'e1');
  await clickSquare(page, 'd2');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  await page.waitForTimeout(100);
  const sq = await page.evaluate(() => window.bigboardTest.squareCss());
  const MOVE = [0x04, 0x42, 0x0e];
  // a1 takes the next piece, h2 the next pawn: each has the dot in its centre and a frame at its edge; a3 neither.
  for (const name of ['a1', 'h2']) {
    const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
    assert.deepEqual(await pixelAt(page, c.x, c.y), MOVE, `${name}: the dot`);
    assert.deepEqual(await pixelAt(page, c.x - sq / 2 + 2, c.y), MOVE, `${name}: the frame`);
  }
  const a3 = await page.evaluate(() => window.bigboardTest.squareCenter('a3'));
  assert.notDeepEqual(await pixelAt(page, a3.x - sq / 2 + 2, a3.y), MOVE);
  assert.deepEqual(errors, []);
});
