#!/usr/bin/env node
// A unospec adapter in JavaScript (Node.js 18 or later, no packages): the live protocol over
// stdin/stdout, around the small engine in uno-engine.js next to it. It runs as it is and
// certifies conformant under the official profile:
//
//   unospec certify --profile official -- node docs/examples/adapter.js
//
// The adapter only translates: one request in, one answer line out, carrying the request's
// `seq`. For your own engine, replace the calls into `uno` (marked ENGINE) and translate
// between its cards and actions and the protocol's (R7, GS, BR, YD2, W, WD4;
// {type: 'play', seat: 1, card: 'R7'}). spec/protocol/README.md § Writing an adapter walks
// through it.
'use strict';

const readline = require('node:readline');
const uno = require('./uno-engine'); // ENGINE

let game = null; // the engine's state: here, the protocol's position itself

const failure = (code, message, rule) => ({
  ok: false,
  error: rule ? { code, message, rule } : { code, message },
});

function answer(msg) {
  switch (msg.cmd) {
    case 'hello':
      return {
        ok: true,
        protocol: 1,
        implementation: { name: 'unospec-docs-js', version: '1.0.0', language: 'javascript' },
        profiles: uno.PROFILES, // ENGINE: the harness asks for no other profile
        options: uno.OPTIONS, // ENGINE: the rule parameters it implements (no variant)
        // load: set up any position (most scenarios start from one); observe: show the
        // position; events: apply answers carry events naming rule IDs
        capabilities: ['load', 'observe', 'events'],
      };
    case 'new_game':
      if (!uno.PROFILES.includes(msg.profile)) {
        return failure('unsupported', `profile ${msg.profile}`);
      }
      game = uno.newGame(msg.players, msg.options); // ENGINE: waits for the dealer draw
      return { ok: true };
    case 'load':
      game = uno.load(msg.position); // ENGINE
      return { ok: true };
  }
  if (!['legal_actions', 'apply', 'observe'].includes(msg.cmd)) {
    return failure('unsupported', `unknown cmd ${JSON.stringify(msg.cmd)}`);
  }
  if (game === null) return failure('bad_request', 'no game yet: send new_game or load');
  switch (msg.cmd) {
    case 'legal_actions':
      return { ok: true, actions: uno.legalActions(game) }; // ENGINE: every seat's actions
    case 'apply':
      try {
        // chance inputs (dealer_draw, deal, shuffle) arrive here too
        const { position, events } = uno.apply(game, msg.action); // ENGINE
        game = position;
        return { ok: true, accepted: true, events };
      } catch (e) {
        if (!(e instanceof uno.Refusal)) throw e;
        // refused: the game stays as it was; name the rule the action breaks
        return { ok: true, accepted: false, error: { rule: e.rule, reason: e.reason } };
      }
    default: // observe
      return { ok: true, position: uno.observe(game) }; // ENGINE: the whole position
  }
}

// The error answer to a request that cannot be served, never a crash.
function errorAnswer(e) {
  if (e instanceof uno.Unsupported) return failure('unsupported', e.message);
  if (e instanceof uno.Refusal) return failure('bad_request', e.reason, e.rule); // PLAYER-COUNT
  console.error(e); // stderr is free for diagnostics; the harness keeps its tail
  return failure('internal', String(e && e.message));
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    // a line that is not JSON: the protocol's error form, with seq null, and keep serving
    send({ seq: null, ...failure('bad_request', `not JSON: ${e.message}`) });
    return;
  }
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
    send({ seq: null, ...failure('bad_request', 'not a JSON object') });
    return;
  }
  if (msg.cmd === 'stop') {
    rl.close();
    return;
  }
  let reply;
  try {
    reply = answer(msg);
  } catch (e) {
    reply = errorAnswer(e);
  }
  send({ seq: msg.seq ?? null, ...reply }); // exactly one line per request, in order
});

// One answer line. stdout carries nothing else; Node does not buffer it, so it goes out now.
function send(reply) {
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
rl.on('close', () => process.exit(0));
