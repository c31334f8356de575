import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeIn, holdsInvitation, linkFor, packInvitation, unpackInvitation } from './code';

// An offer's description as a browser writes it (host candidates only), the size of a real one.
const SDP = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:1467250027 1 udp 2122260223 192.168.1.23 54321 typ host generation 0 network-id 1',
  'a=candidate:2195389493 1 udp 2122194687 fd00::1c2b:3cff:fe4d:5e6f 54322 typ host generation 0 network-id 2',
  'a=ice-ufrag:EsAw',
  'a=ice-pwd:P2uYro0UCWQ1bQmxK4xQ0RJs',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 46:DE:E1:1F:AD:B0:E1:5C:72:48:7E:5F:64:6B:8A:1A:5E:2A:3C:7D:94:40:99:8C:F3:19:47:2A:61:63:2F:EF',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

test('an invitation and an answer read back as they were packed', async () => {
  for (const kind of ['offer', 'answer'] as const) {
    const code = await packInvitation({ kind, sdp: SDP });
    assert.match(code, /^[oa][A-Za-z0-9_-]+$/);
    assert.equal(code[0], kind === 'offer' ? 'o' : 'a');
    assert.deepEqual(await unpackInvitation(code), { kind, sdp: SDP });
  }
});

test('the packed description is shorter than the description, and than the description in base64', async () => {
  const code = await packInvitation({ kind: 'offer', sdp: SDP });
  const plain = Buffer.from(SDP).toString('base64url').length;
  assert.ok(code.length < SDP.length, `${code.length} characters for ${SDP.length}`);
  assert.ok(code.length < plain * 0.8, `${code.length} characters against ${plain} in base64`);
});

test('a link carries the code in its fragment, and the code is found in a link or a pasted text', async () => {
  const code = await packInvitation({ kind: 'offer', sdp: SDP });
  const link = linkFor('https://example.org/bigboard/#variant=xhess', code);
  assert.equal(link, `https://example.org/bigboard/#friend=${code}`);
  assert.ok(holdsInvitation(new URL(link).hash));
  assert.equal(codeIn(link), code);
  assert.equal(codeIn(`  Join my game: ${link}  `), code);
  assert.equal(codeIn(`\n${code}\n`), code);
  const answer = await packInvitation({ kind: 'answer', sdp: SDP });
  const answerLink = linkFor('file:///home/me/bigboard.html', answer);
  assert.equal(answerLink, `file:///home/me/bigboard.html#friend-answer=${answer}`);
  assert.deepEqual(await unpackInvitation(answerLink), { kind: 'answer', sdp: SDP });
  assert.equal(codeIn('hello there'), null);
  assert.equal(holdsInvitation('#variant=xhess'), false);
});

test('damaged or foreign codes are refused with the reason', async () => {
  const code = await packInvitation({ kind: 'offer', sdp: SDP });
  await assert.rejects(unpackInvitation('no code here'), /no invitation or answer code/);
  await assert.rejects(unpackInvitation(`x${code.slice(1)}`), /no invitation or answer code/);
  await assert.rejects(unpackInvitation(code.slice(0, code.length >> 1)), /damaged/);
  await assert.rejects(unpackInvitation(`o${'A'.repeat(30000)}`), /more than an invitation's/);
  // Valid deflate of a text that is no connection description.
  const { packInvitation: pack } = await import('./code');
  const other = await pack({ kind: 'offer', sdp: 'hello, world' });
  await assert.rejects(unpackInvitation(other), /no connection description/);
});

test('a small code that inflates to a flood is refused', async () => {
  // 1 MB of one letter deflates to about a kilobyte.
  const bomb = await packInvitation({ kind: 'offer', sdp: `v=0${'a'.repeat(1024 * 1024)}` });
  assert.ok(bomb.length < 20000, `${bomb.length}`);
  await assert.rejects(unpackInvitation(bomb), /unpacks to more than/);
});
