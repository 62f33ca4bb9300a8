// A small UNO engine for unospec's `official` profile, in plain JavaScript (Node.js, no
// dependencies). It was written from the rulebook (`unospec rules`, spec/data/*.toml), the
// scenarios in features/ and the protocol (spec/protocol/README.md and its schemas), and is
// the engine behind docs/examples/adapter.js. Each rule is applied where a comment names
// its ID, so a finding of `unospec certify` leads straight to the code that decides it.
//
// The state of a match IS the protocol's position (common.schema.json#/$defs/position): a
// plain object that `observe` shows as it is and `load` takes as it comes. An action is
// applied to a copy, so a refused action (a thrown Refusal) leaves the game exactly as it was.
//
//   const uno = require('./uno-engine');
//   let game = uno.newGame(3, {}); // waits for the dealer draw
//   ({ position: game, events } = uno.apply(game, { type: 'dealer_draw', cards: [...] }));
//   uno.legalActions(game); // [{type: 'play', seat: 1, card: 'R7'}, …]
'use strict';

// ---- cards --------------------------------------------------------------------------------

const COLOURS = ['R', 'Y', 'G', 'B'];
const FACES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'S', 'R', 'D2'];

// DECK-COMPOSITION, in the protocol's canonical order: per colour one 0 and two of every
// other face, copies side by side; then four W and four WD4. Before every deal the gathered
// deck lies in the draw pile in exactly this order.
const CANONICAL_DECK = Object.freeze([
  ...COLOURS.flatMap((c) => [`${c}0`, ...FACES.flatMap((f) => [c + f, c + f])]),
  'W', 'W', 'W', 'W', 'WD4', 'WD4', 'WD4', 'WD4',
]);

const isWild = (card) => card === 'W' || card === 'WD4';
const colourOf = (card) => (isWild(card) ? null : card[0]);
const faceOf = (card) => (isWild(card) ? card : card.slice(1));
const isNumber = (card) => /^[RYGB][0-9]$/.test(card);
const sorted = (cards) => [...cards].sort(); // by card code, as the reference lists them
const count = (cards, card) => cards.filter((c) => c === card).length;

// SCORE-VALUES: a number is worth its number, an action card 20, a wild card 50.
function points(card) {
  if (isNumber(card)) return Number(faceOf(card));
  return isWild(card) ? 50 : 20;
}

// DEALER-SELECTION: a number card counts its number, every other card 0.
const dealerValue = (card) => (isNumber(card) ? Number(faceOf(card)) : 0);

// ---- refusals and options -----------------------------------------------------------------

/** An action the rules refuse: the rule it breaks and why. The game is left unchanged. */
class Refusal extends Error {
  constructor(rule, reason) {
    super(reason);
    this.rule = rule;
    this.reason = reason;
  }
}

/** A request this engine does not implement (another profile, a variant turned on). */
class Unsupported extends Error {}

// The parameters of official rules and policies that a table may set, with their defaults.
// The harness sends them as `"RULE-ID.param": value` (or `"RULE-ID": {param: value}`).
const PARAMETERS = Object.freeze({
  'WD4-BLUFF.wd4_enforcement': 'challenge', // or 'engine': refuse an illegal WD4
  'WD4-CHALLENGE-GUILTY.guilty_challenger_skipped': false,
  'UNO-PENALTY.cards': 2,
  'P-STALEMATE.stalemate': 'void_round', // or 'lowest_hand_wins'
  'P-NEXT-DEALER.next_dealer': 'left_of_previous', // or 'previous_round_winner'
  'P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge': false,
});
const PROFILES = ['official'];
const OPTIONS = [...new Set(Object.keys(PARAMETERS).map((key) => key.split('.')[0]))];

/** The parameter values in force under `options`; any variant turned on is Unsupported. */
function settings(options = {}) {
  const values = { ...PARAMETERS };
  const set = (key, value) => {
    if (!(key in values) || typeof value !== typeof PARAMETERS[key]) {
      throw new Unsupported(`option ${key} = ${JSON.stringify(value)}`);
    }
    values[key] = value;
  };
  for (const [key, value] of Object.entries(options)) {
    if (key.includes('.')) set(key, value);
    else if (value !== null && typeof value === 'object') {
      for (const [param, v] of Object.entries(value)) set(`${key}.${param}`, v);
    } else if (value !== false) throw new Unsupported(`option ${key}`); // a variant turned on
  }
  return values;
}

// ---- positions ----------------------------------------------------------------------------

const PHASES = ['dealer', 'deal', 'turn', 'drawn', 'colour', 'challenge', 'scoring', 'over'];
const SEAT_PHASES = ['turn', 'drawn', 'colour', 'challenge']; // a seat decides in these
// Actions of variants this engine does not play, and the rule a refusal of each names.
const VARIANT_ACTIONS = { swap: 'NO-CARD-EXCHANGE', end: 'V-MULTI-PLAY', accuse: 'V-CHEAT' };
const clone = (value) => JSON.parse(JSON.stringify(value));
const times = (n, value) => Array.from({ length: n }, () => clone(value));

function checkPlayers(players) {
  if (!Number.isInteger(players) || players < 2 || players > 10) {
    throw new Refusal('PLAYER-COUNT', `a game has 2 to 10 players, not ${players}`);
  }
}

/** A new match under the official profile: it waits for the dealer-selection draw. */
function newGame(players, options = {}) {
  checkPlayers(players);
  settings(options);
  return {
    unospec_position: 1, profile: 'official', options, players,
    phase: 'dealer', to_act: null, direction: 1, dealer: null, colour: null,
    hands: times(players, []), draw_pile: [...CANONICAL_DECK], discard_pile: [],
    pending: null, owed_draws: [], drawn: [],
    chance: { type: 'dealer_draw', seats: [...Array(players).keys()] },
    uno: times(players, null), scores: times(players, 0),
    round: 1, idle_turns: 0, winner: null, last_played_by: null, last_round: null,
  };
}

/** A position as the harness sends it, with the fields it leaves out at their defaults. */
function load(position) {
  const p = { ...newGame(position.players, position.options), chance: null, ...clone(position) };
  if (p.profile !== 'official') throw new Unsupported(`profile ${p.profile}`);
  if (!PHASES.includes(p.phase)) throw new Unsupported(`phase ${p.phase} (a variant's)`);
  if (['drawn', 'colour', 'challenge', 'scoring'].includes(p.phase) && !p.pending) {
    throw new Refusal(null, `/pending: phase ${p.phase} needs its pending obligation`);
  }
  if (p.hands.length !== p.players) throw new Refusal('PLAYER-COUNT', 'one hand per seat');
  const cards = [...p.hands.flat(), ...p.draw_pile, ...p.discard_pile];
  if (sorted(cards).join() !== sorted(CANONICAL_DECK).join()) {
    throw new Refusal('DECK-COMPOSITION', 'hands and piles must hold the 108-card deck');
  }
  return p;
}

/** What `observe` shows: the whole position. */
const observe = (p) => clone(p);

// ---- what may be played -------------------------------------------------------------------

const topCard = (p) => p.discard_pile[p.discard_pile.length - 1];

// WD4-RESTRICTION: none of the player's other cards has the current colour.
const wd4Legal = (p, others) => !others.some((card) => colourOf(card) === p.colour);

/** null when `card` may be laid from `hand` (which holds it), else the rule it breaks. */
function playRule(p, hand, card) {
  if (card === 'WD4') {
    const enforced = settings(p.options)['WD4-BLUFF.wd4_enforcement'] === 'engine';
    return enforced && !wd4Legal(p, without(hand, card)) ? 'WD4-RESTRICTION' : null;
  }
  if (card === 'W') return null; // WILD-ANYTIME
  if (colourOf(card) === p.colour) return null; // PLAY-MATCH (a), CURRENT-COLOUR
  const top = topCard(p);
  if (isWild(top)) return 'MATCH-ON-WILD'; // only the named colour follows a wild
  return faceOf(card) === faceOf(top) ? null : 'PLAY-MATCH'; // same number or symbol
}

// DRAW-THEN-PLAY: the card just drawn may be laid on the terms of a card held since the
// turn began. A drawn WD4 is no exception (WD4-BLUFF): by default it may go down even
// against WD4-RESTRICTION, as a bluff open to a challenge; under
// wd4_enforcement = "engine" playRule refuses it.
const drawnCard = (p) => p.drawn[p.drawn.length - 1];

function drawnCardPlayable(p, seat) {
  const card = drawnCard(p);
  if (card === undefined) return false; // the turn draw still waits for a reshuffle
  return playRule(p, p.hands[seat], card) === null;
}

function without(hand, card) {
  const rest = [...hand];
  rest.splice(rest.indexOf(card), 1);
  return rest;
}

/** Every legal action of every seat (P-LEGAL-ACTION-SET: each one once). */
function legalActions(p) {
  if (p.chance || !SEAT_PHASES.includes(p.phase)) return []; // chance due, or nobody decides
  const seat = p.to_act;
  const actions = [];
  if (p.phase === 'turn') {
    for (const card of new Set(p.hands[seat])) {
      if (playRule(p, p.hands[seat], card) === null) actions.push({ type: 'play', seat, card });
    }
    actions.push({ type: 'draw', seat }); // DRAW-VOLUNTARY: drawing is always allowed
  } else if (p.phase === 'drawn') {
    if (drawnCardPlayable(p, seat)) actions.push({ type: 'play', seat, card: drawnCard(p) });
    actions.push({ type: 'pass', seat });
  } else if (p.phase === 'colour') {
    for (const colour of COLOURS) actions.push({ type: 'colour', seat, colour });
  } else if (p.phase === 'challenge') {
    actions.push({ type: 'challenge', seat }, { type: 'accept', seat });
  }
  // UNO-CALL and UNO-CATCH: open to any seat, whoever is to act
  for (let s = 0; s < p.players; s++) {
    if (mayCallUno(p, s)) actions.push({ type: 'uno', seat: s });
    if (p.uno[s] !== 'catchable') continue;
    for (let catcher = 0; catcher < p.players; catcher++) {
      if (catcher !== s) actions.push({ type: 'catch', seat: catcher, target: s });
    }
  }
  return actions;
}

const mayCallUno = (p, seat) =>
  p.hands[seat].length === 1 && (p.uno[seat] === 'catchable' || p.uno[seat] === 'owed');

// ---- applying an action -------------------------------------------------------------------

/** Apply `action` to a copy of `position`: {position, events}, or throw a Refusal. */
function apply(position, action) {
  const table = new Table(clone(position));
  table.act(action);
  return { position: table.p, events: table.events };
}

/** One action being applied: the position it changes and the events it reports. */
class Table {
  constructor(p) {
    this.p = p;
    this.options = settings(p.options);
    this.events = [];
  }

  emit(type, rule, fields = {}) {
    this.events.push({ type, rule, ...fields });
  }

  /** The seat `steps` places after `seat` in the current direction (TURN-ADVANCE). */
  next(seat, steps = 1) {
    const n = this.p.players;
    return (((seat + steps * this.p.direction) % n) + n) % n;
  }

  act(action) {
    const { p } = this;
    if (['dealer_draw', 'deal', 'shuffle'].includes(action.type)) return this.chance(action);
    if (p.chance) {
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `the game waits for a ${p.chance.type}`);
    }
    if (p.phase === 'over') throw new Refusal('MATCH-TARGET-500', 'the match is over');
    if (!SEAT_PHASES.includes(p.phase)) {
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `nobody acts in phase ${p.phase}`);
    }
    const seat = action.seat;
    if (!Number.isInteger(seat) || seat < 0 || seat >= p.players) {
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `there is no seat ${seat}`);
    }
    if (action.type === 'uno') return this.callUno(seat);
    if (action.type === 'catch') return this.catchUno(seat, action.target);
    if (action.type === 'challenge' && !(p.phase === 'challenge' && seat === p.to_act)) {
      throw new Refusal('WD4-CHALLENGE', 'only the victim of a Wild Draw Four may challenge it');
    }
    if (seat !== p.to_act) {
      const again = action.type === 'play' && p.phase === 'turn' && seat === p.last_played_by;
      throw new Refusal(again ? 'ONE-CARD-PER-TURN' : 'TURN-ADVANCE',
        `seat ${p.to_act} is to act (${p.phase}), not seat ${seat}`);
    }
    const variant = VARIANT_ACTIONS[action.type]
      || (action.claim !== undefined && 'V-CHEAT')
      || (action.uno_out !== undefined && 'V-UNO-OUT-CALL');
    if (variant) throw new Refusal(variant, `${variant} is off`);
    ({ turn: this.onTurn, drawn: this.onDrawn, colour: this.onColour,
      challenge: this.onChallenge })[p.phase].call(this, action);
    this.settle();
  }

  // -- a seat's decision, by phase --

  onTurn(action) {
    const { seat, type } = action;
    if (type === 'play') return this.playFromHand(seat, action.card);
    if (type === 'draw') return this.turnDraw(seat);
    if (type === 'pass') throw new Refusal('TURN-ACTION', 'a turn is a play or a draw');
    if (type === 'colour') throw new Refusal('WILD-COLOUR-CHOICE', 'no wild waits for a colour');
    throw new Refusal('WD4-CHALLENGE', 'no Wild Draw Four waits for an answer');
  }

  onDrawn(action) {
    const { seat, type } = action;
    if (type === 'pass') return this.endTurn(seat); // DRAW-END-TURN: the drawn card is kept
    if (type === 'draw') throw new Refusal('DRAW-ONE', 'a turn draws one card');
    if (type === 'colour') throw new Refusal('WILD-COLOUR-CHOICE', 'no wild waits for a colour');
    if (type === 'play' && !this.p.hands[seat].includes(action.card)) {
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `seat ${seat} does not hold ${action.card}`);
    }
    if (type !== 'play' || action.card !== drawnCard(this.p) || !drawnCardPlayable(this.p, seat)) {
      throw new Refusal('DRAW-THEN-PLAY', 'after a draw only the drawn card, if legal, or pass');
    }
    this.lay(seat, action.card);
  }

  onColour(action) {
    if (action.type !== 'colour') {
      throw new Refusal('WILD-COLOUR-CHOICE', `seat ${action.seat} must name a colour now`);
    }
    this.nameColour(action.seat, action.colour);
  }

  onChallenge(action) {
    if (action.type === 'challenge') return this.challenge(action.seat);
    if (action.type === 'accept') return this.accept(action.seat);
    throw new Refusal('WD4-CHALLENGE', `seat ${action.seat} must challenge or accept now`);
  }

  // -- turns --

  // TURN-START: a play from the hand or a turn draw begins a turn, and closes every open
  // UNO catch window (UNO-CATCH-WINDOW).
  startTurn() {
    this.p.uno = this.p.uno.map((state) => (state === 'called' ? state : null));
  }

  giveTurn(seat) {
    Object.assign(this.p, { phase: 'turn', to_act: seat, pending: null, drawn: [] });
  }

  playFromHand(seat, card) {
    const { p } = this;
    if (!p.hands[seat].includes(card)) {
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `seat ${seat} does not hold ${card}`);
    }
    const rule = playRule(p, p.hands[seat], card); // WD4-BLUFF: a bluff is accepted
    if (rule) throw new Refusal(rule, `${card} may not be played now`);
    this.startTurn();
    this.lay(seat, card);
  }

  // TURN-ACTION (b), DRAW-ONE: one card; what follows is decided once it is in the hand.
  turnDraw(seat) {
    this.startTurn();
    Object.assign(this.p, { phase: 'drawn', pending: { seat }, drawn: [], last_played_by: null });
    this.owe(seat, 1, 'DRAW-ONE', true);
  }

  // DRAW-THEN-PLAY, DRAW-END-TURN: a playable drawn card waits for `play` or `pass`; an
  // unplayable one ends the turn at once. P-PILES-EXHAUSTED: no card drawn ends it too.
  afterTurnDraw(seat, cards) {
    const { p } = this;
    if (cards.length === 0) {
      p.idle_turns += 1; // P-STALEMATE counts the turns that could neither play nor draw
      this.emit('turn_ended', 'DRAW-END-TURN', { seat });
      if (p.idle_turns >= p.players) return this.stalemate();
      return this.giveTurn(this.next(seat));
    }
    p.idle_turns = 0;
    p.drawn = cards;
    if (!drawnCardPlayable(p, seat)) this.endTurn(seat);
  }

  endTurn(seat) {
    this.emit('turn_ended', 'DRAW-END-TURN', { seat });
    this.giveTurn(this.next(seat));
  }

  /** A card goes from the hand onto the discard pile, and takes effect. */
  lay(seat, card) {
    const { p } = this;
    const legal = wd4Legal(p, without(p.hands[seat], card)); // judged as the card goes down
    p.hands[seat] = without(p.hands[seat], card);
    p.discard_pile.push(card);
    Object.assign(p, { last_played_by: seat, idle_turns: 0, drawn: [] });
    this.emit('card_played', isWild(card) ? 'WILD-ANYTIME' : 'PLAY-MATCH', { seat, card });
    if (!isWild(card)) p.colour = colourOf(card); // CURRENT-COLOUR
    if (p.hands[seat].length === 0) return this.roundWon(seat, card); // ROUND-END
    if (p.hands[seat].length === 1) p.uno[seat] = 'catchable'; // UNO-CALL: the window opens
    if (isWild(card)) {
      // WILD-COLOUR-CHOICE: the same seat names the colour next
      p.phase = 'colour';
      p.pending = { seat, wild: card, prior_colour: p.colour };
      if (card === 'WD4') p.pending.wd4_legal = legal;
      return;
    }
    this.cardEffect(seat, faceOf(card));
  }

  cardEffect(seat, face) {
    const { p } = this;
    const two = p.players === 2;
    if (face === 'S') {
      // SKIP-EFFECT; TWO-PLAYER-SKIP: with two seats the player goes again
      this.emit('turn_skipped', two ? 'TWO-PLAYER-SKIP' : 'SKIP-EFFECT', { seat: this.next(seat) });
      return this.giveTurn(this.next(seat, 2));
    }
    if (face === 'R') {
      p.direction = -p.direction; // REVERSE-EFFECT
      this.emit('direction_reversed', two ? 'REVERSE-TWO-PLAYER' : 'REVERSE-EFFECT');
      if (!two) return this.giveTurn(this.next(seat));
      this.emit('turn_skipped', 'REVERSE-TWO-PLAYER', { seat: this.next(seat) });
      return this.giveTurn(seat); // REVERSE-TWO-PLAYER: acts as a Skip
    }
    if (face === 'D2') {
      // DRAW-TWO-EFFECT, NO-STACKING: the victim draws 2 and loses the turn
      const victim = this.next(seat);
      this.emit('turn_skipped', two ? 'TWO-PLAYER-DRAW' : 'DRAW-TWO-EFFECT', { seat: victim });
      this.giveTurn(this.next(seat, 2));
      return this.owe(victim, 2, 'DRAW-TWO-EFFECT');
    }
    this.giveTurn(this.next(seat)); // a number card
  }

  nameColour(seat, colour) {
    const { p } = this;
    if (!COLOURS.includes(colour)) throw new Refusal('WILD-COLOUR-CHOICE', `no colour ${colour}`);
    const pending = p.pending;
    p.colour = colour;
    this.emit('colour_named', 'WILD-COLOUR-CHOICE', { seat, colour });
    if (pending.starter) return this.giveTurn(seat); // FIRST-CARD-WILD: then a normal turn
    if (pending.wild === 'W') return this.giveTurn(this.next(seat));
    // WD4-EFFECT, WD4-CHALLENGE: the victim may challenge before drawing
    const victim = this.next(seat);
    Object.assign(p, { phase: 'challenge', to_act: victim });
    p.pending = {
      seat: victim, from: seat, total: 4, card: 'WD4', wd4_legal: pending.wd4_legal,
      prior_colour: pending.prior_colour, next: this.next(seat, 2),
    };
  }

  // WD4-CHALLENGE: the hand is judged on the colour in force when the WD4 went down.
  challenge(victim) {
    const { p } = this;
    const { from, next, final } = p.pending;
    const shown = sorted(p.hands[from]); // to the challenger alone
    this.emit('hand_shown', 'WD4-CHALLENGE', { seat: from, to: victim, cards: shown });
    if (!p.pending.wd4_legal) {
      // WD4-CHALLENGE-GUILTY: the WD4's player draws 4; the challenger plays now
      this.emit('challenge_decided', 'WD4-CHALLENGE-GUILTY', { seat: victim, guilty: true });
      const skipped = this.options['WD4-CHALLENGE-GUILTY.guilty_challenger_skipped'];
      this.giveTurn(skipped ? next : victim);
      return this.owe(from, 4, 'WD4-CHALLENGE-GUILTY');
    }
    // WD4-CHALLENGE-INNOCENT: the challenger draws 6 and loses the turn
    this.emit('challenge_decided', 'WD4-CHALLENGE-INNOCENT', { seat: victim, guilty: false });
    if (final) return this.scoreAfterDraw(from, victim, 6, 'WD4-CHALLENGE-INNOCENT');
    this.emit('turn_skipped', 'WD4-CHALLENGE-INNOCENT', { seat: victim });
    this.giveTurn(next);
    this.owe(victim, 6, 'WD4-CHALLENGE-INNOCENT');
  }

  accept(victim) {
    const { from, next, final } = this.p.pending;
    if (final) return this.scoreAfterDraw(from, victim, 4, 'LAST-CARD-DRAW');
    const two = this.p.players === 2;
    this.emit('turn_skipped', two ? 'TWO-PLAYER-DRAW' : 'WD4-EFFECT', { seat: victim });
    this.giveTurn(next);
    this.owe(victim, 4, 'WD4-EFFECT');
  }

  // -- UNO --

  callUno(seat) {
    const { p } = this;
    if (p.hands[seat].length === 1 && p.uno[seat] === null) {
      throw new Refusal('UNO-CATCH-WINDOW', `seat ${seat} calls too late: the next turn has begun`);
    }
    if (!mayCallUno(p, seat)) {
      throw new Refusal('UNO-CALL', `seat ${seat} has no UNO call to make`);
    }
    p.uno[seat] = 'called'; // UNO-SELF-RESCUE: a late call counts until caught
    this.emit('uno_called', 'UNO-CALL', { seat });
  }

  catchUno(seat, target) {
    const { p } = this;
    if (!Number.isInteger(target) || target < 0 || target >= p.players) {
      throw new Refusal('P-FALSE-CATCH', `there is no seat ${target}`);
    }
    if (target === seat) throw new Refusal('UNO-CATCH', 'a player cannot catch themselves');
    if (p.uno[target] !== 'catchable') {
      const closed = p.hands[target].length === 1 && p.uno[target] === null;
      const rule = closed ? 'UNO-CATCH-WINDOW' : 'P-FALSE-CATCH';
      throw new Refusal(rule, `seat ${target} cannot be caught`);
    }
    p.uno[target] = null; // the duty ends with the catch
    this.emit('uno_caught', 'UNO-CATCH', { seat, target });
    this.owe(target, this.options['UNO-PENALTY.cards'], 'UNO-PENALTY'); // turn order unchanged
    this.settle();
  }

  // -- drawing --

  /** A draw the rules order; `settle` makes it, as far as the piles allow. */
  owe(seat, count, rule, turn = false) {
    this.p.owed_draws.push(turn ? { seat, count, rule, turn } : { seat, count, rule });
  }

  // Make the draws owed, in order. When the draw pile runs out, RESHUFFLE: the discards
  // below the top card become the draw pile, in the order the harness dictates (a `shuffle`
  // input), so the game stops here with `chance` set and the rest of the draw still owed.
  // With nothing to reshuffle either, P-PILES-EXHAUSTED forgives the rest.
  settle() {
    const { p } = this;
    while (p.owed_draws.length > 0) {
      const debt = p.owed_draws[0];
      const cards = [];
      while (debt.count > 0 && p.draw_pile.length > 0) {
        cards.push(p.draw_pile.shift());
        debt.count -= 1;
      }
      p.hands[debt.seat].push(...cards); // drawn cards join the end of the hand
      if (cards.length > 0) this.emit('cards_drawn', debt.rule, { seat: debt.seat, cards });
      if (debt.count > 0 && p.discard_pile.length > 1) {
        const below = sorted(p.discard_pile.slice(0, -1)); // every discard but the top
        p.chance = { type: 'shuffle', purpose: 'reshuffle', cards: below };
        return this.clearUno();
      }
      if (debt.count > 0) {
        this.emit('draw_forgiven', 'P-PILES-EXHAUSTED',
          { seat: debt.seat, shortfall: debt.count, instead_of: debt.rule });
      }
      p.owed_draws.shift();
      if (debt.turn) this.afterTurnDraw(debt.seat, cards);
    }
    if (p.phase === 'scoring') this.scoreRound();
    this.clearUno();
  }

  /** A seat that no longer holds exactly one card has no UNO call to make. */
  clearUno() {
    const { p } = this;
    p.uno = p.uno.map((state, seat) => (p.hands[seat].length === 1 ? state : null));
  }

  // -- chance inputs, dictated by the harness --

  chance(action) {
    const { p } = this;
    if (!p.chance || p.chance.type !== action.type) {
      const due = p.chance ? p.chance.type : 'no chance input';
      throw new Refusal('P-ILLEGAL-PLAY-REJECTED', `the game waits for ${due}, not ${action.type}`);
    }
    if (action.type === 'dealer_draw') return this.dealerDraw(action.cards);
    if (action.type === 'deal') return this.deal(action);
    return this.shuffle(action.order);
  }

  // DEALER-SELECTION, P-DEALER-TIE: the highest card deals; tied seats draw again.
  dealerDraw(cards) {
    const { p } = this;
    const seats = p.chance.seats;
    if (!Array.isArray(cards) || cards.length !== seats.length) {
      throw new Refusal('DEALER-SELECTION', `one card for each of seats ${seats}`);
    }
    const extra = cards.find((card) => count(cards, card) > count(CANONICAL_DECK, card));
    if (extra) throw new Refusal('DECK-COMPOSITION', `more ${extra} than the deck holds`);
    const drawn = Object.fromEntries(seats.map((seat, i) => [seat, cards[i]]));
    this.emit('dealer_cards', 'DEALER-SELECTION', { cards: drawn });
    const best = Math.max(...cards.map(dealerValue));
    const tied = seats.filter((seat, i) => dealerValue(cards[i]) === best);
    if (tied.length > 1) {
      p.chance = { type: 'dealer_draw', seats: tied };
      return this.emit('dealer_tie', 'P-DEALER-TIE', { seats: tied });
    }
    this.emit('dealer_chosen', 'DEALER-SELECTION', { seat: tied[0] });
    this.waitForDeal(tied[0]); // the cards go back: the draw pile is the canonical deck again
  }

  waitForDeal(dealer) {
    const n = this.p.players;
    const seats = Array.from({ length: n }, (_, i) => (dealer + 1 + i) % n); // P-DEAL-ORDER
    Object.assign(this.p, {
      phase: 'deal', to_act: null, dealer, pending: null,
      chance: { type: 'deal', dealer, hand_size: 7, seats },
    });
  }

  // DEAL-SEVEN, DRAW-PILE-INIT, FIRST-DISCARD-FLIP: the dictated hands, starter and pile.
  deal({ hands, starter, draw_pile: drawPile }) {
    const { p } = this;
    const size = 7; // whatever a loaded position's chance says
    if (!Array.isArray(hands) || hands.length !== p.players) {
      throw new Refusal('DEAL-SEVEN', `a deal names one hand per seat (${p.players})`);
    }
    hands.forEach((hand, seat) => {
      if (hand.length !== size) throw new Refusal('DEAL-SEVEN', `seat ${seat} gets ${size} cards`);
    });
    if (sorted([...hands.flat(), starter, ...drawPile]).join() !== sorted(CANONICAL_DECK).join()) {
      throw new Refusal('DECK-COMPOSITION', 'hands, starter and draw pile must be the deck');
    }
    Object.assign(p, { hands: clone(hands), draw_pile: [...drawPile], discard_pile: [starter] });
    Object.assign(p, { chance: null, last_played_by: null });
    this.emit('dealt', 'DEAL-SEVEN', { dealer: p.dealer, starter });
    this.starterEffect(starter);
    this.settle();
  }

  shuffle(order) {
    const { p } = this;
    const { purpose, cards } = p.chance;
    if (!Array.isArray(order) || sorted(order).join() !== cards.join()) {
      throw new Refusal('RESHUFFLE', 'the order must be the cards to shuffle, each once');
    }
    p.chance = null;
    p.draw_pile = [...order];
    if (purpose === 'starter') {
      const starter = p.draw_pile.shift(); // FIRST-CARD-WD4: turn up the new top card
      p.discard_pile = [starter];
      this.emit('starter_flipped', 'FIRST-DISCARD-FLIP', { card: starter });
      this.starterEffect(starter);
    } else {
      p.discard_pile = [topCard(p)]; // RESHUFFLE: the top discard stays, and its colour
      this.emit('reshuffled', 'RESHUFFLE', { cards: order.length });
    }
    this.settle(); // the draw that waited goes on
  }

  // FIRST-PLAYER and the FIRST-CARD-* rules: what the starter does before the first turn.
  starterEffect(starter) {
    const { p } = this;
    const left = this.next(p.dealer);
    p.colour = colourOf(starter);
    if (starter === 'WD4') {
      // FIRST-CARD-WD4: back into the draw pile, which is shuffled (a dictated `shuffle`)
      p.draw_pile.push(p.discard_pile.pop());
      p.chance = { type: 'shuffle', purpose: 'starter', cards: sorted(p.draw_pile) };
      return this.emit('starter_returned', 'FIRST-CARD-WD4', { card: starter });
    }
    if (starter === 'W') {
      // FIRST-CARD-WILD: the player on the dealer's left names the colour, then plays
      Object.assign(p, { phase: 'colour', to_act: left });
      p.pending = { seat: left, starter: true, wild: 'W', prior_colour: null };
      return;
    }
    const face = faceOf(starter);
    if (face === 'S') {
      this.emit('turn_skipped', 'FIRST-CARD-SKIP', { seat: left });
      return this.giveTurn(this.next(p.dealer, 2));
    }
    if (face === 'R') {
      p.direction = -1; // FIRST-CARD-REVERSE: the dealer opens, counter-clockwise
      this.emit('direction_reversed', 'FIRST-CARD-REVERSE');
      return this.giveTurn(p.dealer);
    }
    if (face === 'D2') {
      this.emit('turn_skipped', 'FIRST-CARD-DRAW-TWO', { seat: left });
      this.giveTurn(this.next(p.dealer, 2));
      return this.owe(left, 2, 'FIRST-CARD-DRAW-TWO');
    }
    this.giveTurn(left); // FIRST-CARD-NUMBER
  }

  // -- the end of a round --

  // ROUND-END: the round ends as the last card lands (a final wild names no colour, a
  // final Skip or Reverse does nothing). LAST-CARD-DRAW: a final Draw Two or WD4 is still
  // drawn by the next seat before scoring; P-LAST-WD4-NO-CHALLENGE decides the challenge.
  roundWon(seat, card) {
    const { p } = this;
    this.emit('round_won', 'ROUND-END', { seat });
    p.uno = p.uno.map(() => null); // no catch once the round is over
    const victim = this.next(seat);
    if (card === 'WD4' && this.options['P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge']) {
      Object.assign(p, { phase: 'challenge', to_act: victim });
      p.pending = {
        seat: victim, from: seat, total: 4, card, wd4_legal: true, final: true,
        prior_colour: p.colour,
      };
      return;
    }
    const owed = { D2: 2, WD4: 4 }[faceOf(card)] || 0;
    this.scoreAfterDraw(seat, victim, owed, 'LAST-CARD-DRAW');
  }

  scoreAfterDraw(winner, victim, count, rule) {
    Object.assign(this.p, { phase: 'scoring', to_act: null, pending: { winner } });
    if (count > 0) this.owe(victim, count, rule); // `settle` scores once it is drawn
  }

  // SCORE-WINNER-TAKES, SCORE-VALUES, MATCH-TARGET-500, NEW-ROUND
  scoreRound() {
    const { p } = this;
    const winner = p.pending.winner;
    const total = p.hands.reduce((sum, hand, seat) =>
      (seat === winner ? sum : sum + hand.reduce((s, card) => s + points(card), 0)), 0);
    p.scores[winner] += total;
    this.emit('points_scored', 'SCORE-WINNER-TAKES', { seat: winner, points: total });
    p.last_round = { round: p.round, winner, hands: p.hands.map(sorted), points: total };
    if (p.scores[winner] >= 500) {
      Object.assign(p, { phase: 'over', to_act: null, pending: null, winner: [winner] });
      return this.emit('match_won', 'MATCH-TARGET-500', { seats: [winner] });
    }
    const leftOf = this.options['P-NEXT-DEALER.next_dealer'] === 'left_of_previous';
    this.newRound(leftOf ? (p.dealer + 1) % p.players : winner);
  }

  // P-STALEMATE: every seat in a row could neither play nor draw.
  stalemate() {
    const { p } = this;
    this.emit('stalemate', 'P-STALEMATE');
    if (this.options['P-STALEMATE.stalemate'] === 'lowest_hand_wins') {
      const worth = p.hands.map((hand) => hand.reduce((s, card) => s + points(card), 0));
      const lowest = Math.min(...worth);
      if (worth.filter((w) => w === lowest).length === 1) {
        const winner = worth.indexOf(lowest);
        this.emit('round_won', 'P-STALEMATE', { seat: winner });
        p.pending = { winner };
        return this.scoreRound();
      }
    }
    p.last_round = { round: p.round, winner: null, void: true };
    this.newRound(p.dealer); // a void round: the same dealer deals again
  }

  // NEW-ROUND: all 108 cards are gathered (the draw pile in canonical order) for the deal.
  newRound(dealer) {
    Object.assign(this.p, {
      round: this.p.round + 1, direction: 1, colour: null, idle_turns: 0,
      hands: times(this.p.players, []), draw_pile: [...CANONICAL_DECK], discard_pile: [],
      owed_draws: [], drawn: [], uno: times(this.p.players, null),
    });
    this.waitForDeal(dealer);
  }
}

module.exports = {
  CANONICAL_DECK, OPTIONS, PROFILES, Refusal, Unsupported,
  newGame, load, observe, legalActions, apply,
};
