#!/usr/bin/env node
// A unospec adapter in JavaScript (Node.js): the live protocol over stdin/stdout.
//
//   unospec certify -- node adapter.js
//
// `./my-uno-engine` stands for your engine. The adapter's job is only to translate:
// requests in, one answer line out per request, with the request's `seq`.
'use strict';

const readline = require('node:readline');
const engine = require('./my-uno-engine'); // your engine

const PROFILES = ['official'];
const OPTIONS = []; // e.g. ['V-STACK-DRAW'] once your engine implements it

let game = null;

const failure = (code, message) => ({ ok: false, error: { code, message } });

function answer(msg) {
  switch (msg.cmd) {
    case 'hello':
      return {
        ok: true,
        protocol: 1,
        implementation: { name: 'my-uno-js', version: '1.0.0', language: 'javascript' },
        profiles: PROFILES,
        options: OPTIONS,
        // 'load': set up any position (most scenarios start from one); 'observe': show the
        // position; 'events': apply answers carry events naming rule IDs
        capabilities: ['observe', 'events'],
      };
    case 'new_game':
      if (!PROFILES.includes(msg.profile)) return failure('unsupported', `profile ${msg.profile}`);
      if (msg.players < 2 || msg.players > 10) {
        return { ok: false, error: { code: 'bad_request', message: '2 to 10 players', rule: 'PLAYER-COUNT' } };
      }
      game = engine.newGame(msg.players, msg.options); // waits for the dealer_draw chance input
      return { ok: true };
    case 'legal_actions':
      if (!game) return failure('bad_request', 'no game yet');
      // every legal action of every seat, in protocol form, e.g. {type: 'play', seat: 1, card: 'R7'}
      return { ok: true, actions: engine.legalActions(game).map(toProtocol) };
    case 'apply': {
      if (!game) return failure('bad_request', 'no game yet');
      const refusal = engine.check(game, fromProtocol(msg.action)); // null when legal
      if (refusal) {
        // the game is left exactly as it was; name the rule the action breaks
        return { ok: true, accepted: false, error: { rule: refusal.rule, reason: refusal.reason } };
      }
      const events = engine.apply(game, fromProtocol(msg.action)); // chance actions too: dealer_draw, deal, shuffle
      return { ok: true, accepted: true, events };
    }
    case 'observe':
      if (!game) return failure('bad_request', 'no game yet');
      return { ok: true, position: engine.position(game) }; // players, phase, to_act, hands, piles, …
    default:
      return failure('unsupported', `cmd ${msg.cmd}`);
  }
}

// Card codes are the protocol's (R7, GS, BR, YD2, W, WD4); translate if your engine differs.
function toProtocol(action) { return action; }
function fromProtocol(action) { return action; }

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ seq: null, ...failure('bad_request', 'not JSON') }) + '\n');
    return;
  }
  if (msg.cmd === 'stop') { rl.close(); return; }
  let reply;
  try {
    reply = answer(msg);
  } catch (e) {
    console.error(e); // stderr is free for diagnostics; the harness keeps its tail
    reply = failure('internal', String(e && e.message));
  }
  process.stdout.write(JSON.stringify({ seq: msg.seq, ...reply }) + '\n'); // one line per request
});
rl.on('close', () => process.exit(0));
