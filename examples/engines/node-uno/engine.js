#!/usr/bin/env node
// node-uno: a small UNO engine in the style of the JavaScript engines on GitHub.
//
// It exists to test `unospec certify` on a program shaped like the engines people
// publish: a class-based game driven by a state machine, node built-ins only, its own
// seeded generator (mulberry32) for every reshuffle, and no way to load a position.
// It takes the dealer draw and the deal from the harness. Written from the rule
// catalogue and the protocol README only.
//
// Planted deviations (see deviations.toml), everything else plays the official rules:
//   (a) with two players a Reverse only flips the direction: the opponent plays next
//       (REVERSE-TWO-PLAYER);
//   (b) a reshuffle takes the whole discard pile, the top card included, so the
//       discard pile stays empty until the next card is played (RESHUFFLE);
//   (c) a new round keeps the direction the last round ended with (DIRECTION-INITIAL);
//   (d) the legal actions name a play once per copy in the hand, so two copies of a
//       card give the same action twice (P-LEGAL-ACTION-SET).
//
// Run:  node engine.js             owns its reshuffles (own_shuffle, seeded)
//       node engine.js --dictated  takes every chance input from the harness
//       node engine.js --official  none of the planted deviations: plays the official
//                                  rules (with either of the above)
'use strict';

const readline = require('node:readline');

// House rules of this engine (the planted deviations), all off with --official.
const HOUSE = !process.argv.includes('--official');
const REVERSE_NEVER_SKIPS = HOUSE;
const RESHUFFLE_TAKES_TOP = HOUSE;
const DIRECTION_KEPT = HOUSE;
const LIST_EVERY_COPY = HOUSE;

const COLOURS = ['R', 'Y', 'G', 'B'];
const FACES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'S', 'R', 'D2'];
const DECK = [];
for (const c of COLOURS) for (const f of FACES) DECK.push(...(f === '0' ? [c + f] : [c + f, c + f]));
DECK.push('W', 'W', 'W', 'W', 'WD4', 'WD4', 'WD4', 'WD4');

const isWild = (card) => card.startsWith('W');
const colourOf = (card) => (isWild(card) ? null : card[0]);
const faceOf = (card) => (isWild(card) ? card : card.slice(1));
const points = (card) => (isWild(card) ? 50 : /^\d$/.test(faceOf(card)) ? Number(faceOf(card)) : 20);
const dealerValue = (card) => (/^[RYGB]\d$/.test(card) ? Number(card[1]) : 0);

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sameCards(a, b) {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((card, i) => card === y[i]);
}

class Refusal extends Error {
  constructor(rule, reason) {
    super(reason);
    this.rule = rule;
  }
}

// What each state accepts from the seat to act; anything else is refused under the rule given.
const STATES = {
  turn: { accepts: ['play', 'draw'], refuse: { pass: 'TURN-ACTION', accept: 'WD4-CHALLENGE', colour: 'WILD-COLOUR-CHOICE' } },
  drawn: { accepts: ['play', 'pass'], refuse: { draw: 'DRAW-ONE', accept: 'WD4-CHALLENGE', colour: 'WILD-COLOUR-CHOICE' } },
  colour: { accepts: ['colour'], refuse: {}, otherwise: 'WILD-COLOUR-CHOICE' },
  challenge: { accepts: ['challenge', 'accept'], refuse: {}, otherwise: 'WD4-CHALLENGE' },
};

class UnoGame {
  constructor(players, seed, dictated) {
    this.players = players;
    this.random = mulberry32(seed);
    this.dictated = dictated;
    this.scores = new Array(players).fill(0);
    this.round = 1;
    this.dealer = null;
    this.winner = null;
    this.direction = 1;
    this.made = [];
    this.drawn = new Map();
    this.clearTable();
    this.state = 'dealer';
    this.chance = { type: 'dealer_draw', seats: [...Array(players).keys()] };
  }

  clearTable() {
    this.hands = Array.from({ length: this.players }, () => []);
    this.drawPile = [...DECK]; // top first
    this.discardPile = []; // top last
    this.lastCard = null;
    this.colour = null;
    this.toAct = null;
    this.uno = new Array(this.players).fill(null);
    this.tooLate = new Array(this.players).fill(false);
    this.owed = [];
    this.then = null;
    this.drawnCard = null;
    this.wd4 = null;
    this.wildOpening = false;
    this.idle = 0;
  }

  transition(state, toAct = this.toAct) {
    this.state = state;
    this.toAct = toAct;
  }

  next(seat, steps = 1) {
    return (((seat + steps * this.direction) % this.players) + this.players) % this.players;
  }

  fits(card) {
    if (isWild(card) || colourOf(card) === this.colour) return true;
    return !isWild(this.lastCard) && faceOf(this.lastCard) === faceOf(card);
  }

  // ---- chance inputs
  dealerDraw(action) {
    const seats = this.chance.seats;
    const cards = action.cards;
    if (!Array.isArray(cards) || cards.length !== seats.length) throw new Refusal('DEALER-SELECTION', 'one card per drawing seat');
    if (cards.some((c) => cards.filter((x) => x === c).length > DECK.filter((x) => x === c).length)) {
      throw new Refusal('DECK-COMPOSITION', 'more copies than the deck holds');
    }
    const best = Math.max(...cards.map(dealerValue));
    const tied = seats.filter((seat, i) => dealerValue(cards[i]) === best);
    if (tied.length > 1) {
      this.chance = { type: 'dealer_draw', seats: tied }; // P-DEALER-TIE
      return;
    }
    this.awaitDeal(tied[0]);
  }

  awaitDeal(dealer) {
    this.dealer = dealer;
    this.transition('deal', null);
    const seats = [...Array(this.players).keys()].map((i) => (dealer + 1 + i) % this.players);
    this.chance = { type: 'deal', dealer, hand_size: 7, seats };
  }

  deal(action) {
    const { hands, starter } = action;
    const pile = action.draw_pile;
    if (!Array.isArray(hands) || hands.length !== this.players || hands.some((h) => !Array.isArray(h) || h.length !== 7)) {
      throw new Refusal('DEAL-SEVEN', 'seven cards for every seat');
    }
    if (!Array.isArray(pile) || !sameCards([...hands.flat(), starter, ...pile], DECK)) {
      throw new Refusal('DECK-COMPOSITION', 'a deal uses the 108 cards once');
    }
    const direction = this.direction;
    this.clearTable();
    this.direction = DIRECTION_KEPT ? direction : 1;
    this.chance = null;
    this.hands = hands.map((h) => [...h]);
    this.drawPile = [...pile];
    this.turnUp(starter);
  }

  turnUp(starter) {
    if (starter === 'WD4') {
      // FIRST-CARD-WD4: back into the pile, shuffle, turn up the new top card
      this.drawPile.push(starter);
      if (this.dictated) {
        this.chance = { type: 'shuffle', purpose: 'starter' };
        return;
      }
      this.shuffleCards(this.drawPile);
      this.made.push({ type: 'shuffle', order: [...this.drawPile] }, { type: 'starter', card: this.drawPile[0] });
      this.turnUp(this.drawPile.shift());
      return;
    }
    this.discardPile = [starter];
    this.lastCard = starter;
    this.colour = colourOf(starter);
    const first = this.next(this.dealer);
    const face = faceOf(starter);
    if (face === 'S') this.transition('turn', this.next(first));
    else if (face === 'R') {
      this.direction = -this.direction;
      this.transition('turn', this.dealer);
    } else if (face === 'D2') {
      this.transition('turn', this.next(first));
      this.owe(first, 2);
      this.payDraws();
    } else if (starter === 'W') {
      this.transition('colour', first);
      this.wildOpening = true;
    } else this.transition('turn', first);
  }

  shuffle(action) {
    const order = action.order;
    const forStarter = this.chance.purpose === 'starter';
    if (!sameCards(order, forStarter ? this.drawPile : this.discardPile.slice(0, -1))) {
      throw new Refusal('RESHUFFLE', 'the order must hold exactly the cards to shuffle');
    }
    this.chance = null;
    if (forStarter) {
      this.drawPile = [...order];
      this.turnUp(this.drawPile.shift());
      return;
    }
    const top = this.discardPile[this.discardPile.length - 1];
    this.drawPile = RESHUFFLE_TAKES_TOP ? [...order, top] : [...order];
    this.discardPile = RESHUFFLE_TAKES_TOP ? [] : [top];
    this.payDraws();
  }

  shuffleCards(cards) {
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
  }

  // RESHUFFLE: rebuild the draw pile from the discards; false while a dictated order is due
  reshuffle() {
    if (this.dictated) {
      this.chance = { type: 'shuffle', purpose: 'reshuffle' };
      return false;
    }
    const keep = RESHUFFLE_TAKES_TOP ? 0 : 1;
    this.drawPile = this.discardPile.splice(0, this.discardPile.length - keep);
    this.shuffleCards(this.drawPile);
    this.made.push({ type: 'shuffle', order: [...this.drawPile] });
    return true;
  }

  owe(seat, count) {
    this.owed.push({ seat, count });
  }

  payDraws() {
    while (this.owed.length) {
      const debt = this.owed[0];
      const canRebuild = this.discardPile.length > (RESHUFFLE_TAKES_TOP ? 0 : 1);
      if (debt.count > 0 && !this.drawPile.length && canRebuild && !this.reshuffle()) return;
      if (debt.count === 0 || !this.drawPile.length) {
        this.owed.shift(); // P-PILES-EXHAUSTED forgives what cannot be drawn
        continue;
      }
      const card = this.drawPile.shift();
      this.hands[debt.seat].push(card);
      if (!this.drawn.has(debt.seat)) this.drawn.set(debt.seat, []);
      this.drawn.get(debt.seat).push(card);
      debt.count -= 1;
    }
    this.hands.forEach((hand, seat) => {
      if (hand.length !== 1) {
        this.uno[seat] = null;
        this.tooLate[seat] = false;
      }
    });
    const then = this.then;
    this.then = null;
    if (then) then();
  }

  // ---- seat actions
  apply(action) {
    const type = action.type;
    if (['dealer_draw', 'deal', 'shuffle'].includes(type)) {
      if (!this.chance || this.chance.type !== type) throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `no ${type} is due`);
      return { dealer_draw: () => this.dealerDraw(action), deal: () => this.deal(action), shuffle: () => this.shuffle(action) }[type]();
    }
    if (this.state === 'over') throw new Refusal('MATCH-TARGET-500', 'the match is over');
    if (this.chance || !STATES[this.state]) throw new Refusal('P-ILLEGAL-PLAY-REJECTED', 'the game waits for a chance input');
    const seat = action.seat;
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players) throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `no seat ${seat}`);
    if (type === 'uno') return this.callUno(seat);
    if (type === 'catch') return this.catchUno(seat, action.target);
    if (type === 'challenge' && (this.state !== 'challenge' || seat !== this.toAct)) {
      throw new Refusal('WD4-CHALLENGE', 'only the victim of a Wild Draw Four may challenge it');
    }
    const known = { play: 1, draw: 1, pass: 1, colour: 1, challenge: 1, accept: 1 };
    if (!known[type]) {
      const rule = { swap: 'NO-CARD-EXCHANGE', end: 'V-MULTI-PLAY', accuse: 'V-CHEAT' }[type] || 'P-ILLEGAL-PLAY-REJECTED';
      throw new Refusal(rule, `no ${type} in this game`);
    }
    if (seat !== this.toAct) throw new Refusal('TURN-ADVANCE', `seat ${this.toAct} is to act, not seat ${seat}`);
    const state = STATES[this.state];
    if (!state.accepts.includes(type)) throw new Refusal(state.refuse[type] || state.otherwise, `no ${type} in state ${this.state}`);
    return this['on' + type[0].toUpperCase() + type.slice(1)](seat, action);
  }

  closeWindows() {
    this.uno.forEach((state, seat) => {
      if (state === 'catchable') {
        this.uno[seat] = null;
        this.tooLate[seat] = true;
      }
    });
  }

  onPlay(seat, action) {
    const card = action.card;
    const hand = this.hands[seat];
    if (!hand.includes(card)) throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `seat ${seat} does not hold ${card}`);
    if (this.state === 'drawn' && card !== this.drawnCard) throw new Refusal('DRAW-THEN-PLAY', 'only the drawn card may be played');
    if (!this.fits(card)) throw new Refusal(isWild(this.lastCard) ? 'MATCH-ON-WILD' : 'PLAY-MATCH', `${card} does not match`);
    this.closeWindows();
    hand.splice(hand.indexOf(card), 1);
    this.discardPile.push(card);
    this.lastCard = card;
    this.drawnCard = null;
    this.idle = 0;
    if (!isWild(card)) this.colour = colourOf(card);
    if (hand.length === 0) return this.roundWon(seat, card);
    if (hand.length === 1) {
      this.uno[seat] = 'catchable';
      this.tooLate[seat] = false;
    }
    if (isWild(card)) {
      this.wd4 = card === 'WD4' ? { seat, guilty: hand.some((c) => colourOf(c) === this.colour) } : null;
      return this.transition('colour', seat);
    }
    const face = faceOf(card);
    if (face === 'S') return this.transition('turn', this.next(seat, 2));
    if (face === 'R') {
      this.direction = -this.direction;
      const skips = this.players === 2 && !REVERSE_NEVER_SKIPS;
      return this.transition('turn', skips ? seat : this.next(seat));
    }
    if (face === 'D2') {
      this.transition('turn', this.next(seat, 2));
      this.owe(this.next(seat), 2);
      return this.payDraws();
    }
    return this.transition('turn', this.next(seat));
  }

  onColour(seat, action) {
    if (!COLOURS.includes(action.colour)) throw new Refusal('WILD-COLOUR-CHOICE', 'name R, Y, G or B');
    this.colour = action.colour;
    if (this.wd4) return this.transition('challenge', this.next(seat));
    if (this.wildOpening) {
      this.wildOpening = false;
      return this.transition('turn', seat);
    }
    return this.transition('turn', this.next(seat));
  }

  onAccept(seat) {
    this.wd4 = null;
    this.transition('turn', this.next(seat));
    this.owe(seat, 4);
    this.payDraws();
  }

  onChallenge(seat) {
    const { seat: offender, guilty } = this.wd4;
    this.wd4 = null;
    if (guilty) {
      this.transition('turn', seat);
      this.owe(offender, 4);
    } else {
      this.transition('turn', this.next(seat));
      this.owe(seat, 6);
    }
    this.payDraws();
  }

  onDraw(seat) {
    this.closeWindows();
    this.transition('drawn', seat);
    const before = this.hands[seat].length;
    this.owe(seat, 1);
    this.then = () => this.afterDraw(seat, before);
    this.payDraws();
  }

  afterDraw(seat, before) {
    const hand = this.hands[seat];
    const card = hand.length > before ? hand[hand.length - 1] : null;
    this.idle = card ? 0 : this.idle + 1;
    // DRAW-THEN-PLAY: the drawn card fits as a held one would (a WD4 always: WD4-BLUFF)
    if (card !== null && this.fits(card)) {
      this.drawnCard = card;
      return;
    }
    this.endTurn(seat);
  }

  onPass(seat) {
    this.endTurn(seat);
  }

  endTurn(seat) {
    this.drawnCard = null;
    this.transition('turn', this.next(seat));
    if (this.idle >= this.players) this.newRound(this.dealer); // P-STALEMATE: a void round
  }

  callUno(seat) {
    if (this.uno[seat] !== 'catchable') {
      if (this.tooLate[seat] && this.hands[seat].length === 1) throw new Refusal('UNO-CATCH-WINDOW', 'too late to call');
      throw new Refusal('UNO-CALL', 'only a player just left with one card calls UNO');
    }
    this.uno[seat] = 'called';
  }

  catchUno(seat, target) {
    if (!Number.isInteger(target) || target < 0 || target >= this.players) throw new Refusal('P-FALSE-CATCH', `no seat ${target}`);
    if (target === seat) throw new Refusal('UNO-CATCH', 'nobody catches themselves');
    if (this.uno[target] !== 'catchable') throw new Refusal('P-FALSE-CATCH', `seat ${target} cannot be caught`);
    this.uno[target] = null;
    this.owe(target, 2);
    this.payDraws();
  }

  roundWon(seat, card) {
    this.uno.fill(null);
    this.tooLate.fill(false);
    this.transition('scoring', null);
    if (card === 'WD4') this.owe(this.next(seat), 4);
    else if (faceOf(card) === 'D2') this.owe(this.next(seat), 2);
    this.then = () => this.score(seat);
    this.payDraws();
  }

  score(seat) {
    this.scores[seat] += this.hands.flat().reduce((sum, card) => sum + points(card), 0);
    if (this.scores[seat] >= 500) {
      this.winner = [seat];
      return this.transition('over', null);
    }
    this.newRound((this.dealer + 1) % this.players);
  }

  newRound(dealer) {
    this.round += 1;
    this.clearTable();
    if (!DIRECTION_KEPT) this.direction = 1;
    this.awaitDeal(dealer);
  }

  // ---- questions
  legalActions() {
    if (this.chance || !STATES[this.state]) return [];
    const seat = this.toAct;
    const actions = [];
    if (this.state === 'turn') {
      const cards = LIST_EVERY_COPY ? this.hands[seat] : [...new Set(this.hands[seat])];
      for (const card of cards) if (this.fits(card)) actions.push({ type: 'play', seat, card });
      actions.push({ type: 'draw', seat });
    } else if (this.state === 'drawn') {
      actions.push({ type: 'play', seat, card: this.drawnCard }, { type: 'pass', seat });
    } else if (this.state === 'colour') {
      for (const colour of COLOURS) actions.push({ type: 'colour', seat, colour });
    } else {
      actions.push({ type: 'challenge', seat }, { type: 'accept', seat });
    }
    this.uno.forEach((state, target) => {
      if (state !== 'catchable') return;
      actions.push({ type: 'uno', seat: target });
      for (let s = 0; s < this.players; s++) if (s !== target) actions.push({ type: 'catch', seat: s, target });
    });
    return actions;
  }

  position() {
    return {
      players: this.players, phase: this.state, to_act: this.toAct, direction: this.direction, dealer: this.dealer,
      colour: this.colour, hands: this.hands.map((h) => [...h]), draw_pile: [...this.drawPile],
      discard_pile: [...this.discardPile], uno: [...this.uno], scores: [...this.scores], round: this.round,
      winner: this.winner, chance: this.chance,
    };
  }
}

class Server {
  constructor(dictated) {
    this.dictated = dictated;
    this.game = null;
  }

  hello() {
    return {
      ok: true, protocol: 1,
      implementation: { name: 'node-uno', version: '2.1.0', language: 'javascript' },
      profiles: ['official'], options: [],
      capabilities: this.dictated ? ['observe'] : ['observe', 'own_shuffle', 'seeded'],
      observes: ['players', 'phase', 'to_act', 'direction', 'dealer', 'colour', 'hands', 'draw_pile',
        'discard_pile', 'uno', 'scores', 'round', 'winner', 'chance'],
    };
  }

  answer(msg) {
    switch (msg.cmd) {
      case 'hello':
        return this.hello();
      case 'new_game':
        if (msg.profile !== 'official' || Object.keys(msg.options || {}).length) {
          return { ok: false, error: { code: 'unsupported', message: 'official rules only' } };
        }
        if (!Number.isInteger(msg.players) || msg.players < 2 || msg.players > 10) {
          return { ok: false, error: { code: 'bad_request', message: '2 to 10 players', rule: 'PLAYER-COUNT' } };
        }
        this.game = new UnoGame(msg.players, Number.isInteger(msg.seed) ? msg.seed : 0, this.dictated);
        return { ok: true };
      case 'load':
        return { ok: false, error: { code: 'unsupported', message: 'node-uno cannot load a position' } };
      case 'legal_actions':
      case 'observe':
      case 'apply':
        if (!this.game) return { ok: false, error: { code: 'bad_request', message: 'no game yet' } };
        if (msg.cmd === 'legal_actions') return { ok: true, actions: this.game.legalActions() };
        if (msg.cmd === 'observe') return { ok: true, position: this.game.position() };
        return this.applied(msg.action);
      default:
        return { ok: false, error: { code: 'bad_request', message: `unknown cmd ${msg.cmd}` } };
    }
  }

  applied(action) {
    const game = this.game;
    if (!action || typeof action !== 'object') return { ok: false, error: { code: 'bad_request', message: 'no action' } };
    game.made = [];
    game.drawn = new Map();
    try {
      game.apply(action);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return { ok: true, accepted: false, error: { rule: err.rule, reason: err.message } };
    }
    const reply = { ok: true, accepted: true, events: [] };
    if (!this.dictated && game.made.length) reply.chance = game.made;
    if (!this.dictated && game.drawn.size) reply.drawn = [...game.drawn].map(([seat, cards]) => ({ seat, cards }));
    return reply;
  }
}

const server = new Server(process.argv.includes('--dictated'));
const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (err) {
    process.stdout.write(JSON.stringify({ seq: null, ok: false, error: { code: 'bad_request', message: 'not JSON' } }) + '\n');
    return;
  }
  if (!msg || typeof msg !== 'object') msg = {};
  if (msg.cmd === 'stop') process.exit(0);
  let reply;
  try {
    reply = server.answer(msg);
  } catch (err) {
    console.error(err);
    reply = { ok: false, error: { code: 'internal', message: String(err && err.message) } };
  }
  process.stdout.write(JSON.stringify({ seq: msg.seq, ...reply }) + '\n');
});
rl.on('close', () => process.exit(0));
