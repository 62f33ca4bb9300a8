Feature: Setting up a match
  A match is played with one 108-card deck by two to ten players. Each player draws a
  card to choose the dealer, the dealer gives everyone seven cards one at a time, the
  rest becomes the draw pile, and its top card is turned up to start the discard pile.
  The player on the dealer's left begins, and play runs clockwise.

  Rule: DECK-COMPOSITION

    @DECK-COMPOSITION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a deal accounts for all 108 cards
      Cites fi-wikipedia › Korttipakka › ¶1; sv-unoregler › UNO kortleken › ¶2; sv-unoregler › UNO kortleken › ¶3; id-wikipedia › Aturan resmi › ¶2

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter R3
      # checks DEAL-SEVEN
      Then seat 0 holds 7 cards
      And seat 1 holds 7 cards
      And seat 2 holds 7 cards
      And seat 3 holds 7 cards
      # checks DECK-COMPOSITION
      And the discard pile holds 1 card
      And the draw pile holds 79 cards

    @DECK-COMPOSITION @P-DEALER-TIE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: all four Wild Draw Fours may turn up together
      Cites fi-wikipedia › Korttipakka › ¶1; sv-unoregler › UNO kortleken › ¶3; id-wikipedia › Aturan resmi › ¶2

      Given a new 4-player match
      When the dealer-selection cards are WD4 WD4 WD4 WD4
      # checks P-DEALER-TIE
      Then seats 0, 1, 2 and 3 draw again for the deal

    @DECK-COMPOSITION @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the single red zero cannot turn up twice
      Cites fi-wikipedia › Korttipakka › ¶1; sv-unoregler › UNO kortleken › ¶3; id-wikipedia › Aturan resmi › ¶2

      Given a new 4-player match
      When the dealer-selection cards are R0 R0 B2 Y7
      Then the action is refused under DECK-COMPOSITION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DECK-COMPOSITION
      And the game waits for the dealer-selection draw

    @DECK-COMPOSITION @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a fifth Wild Draw Four is refused
      Cites fi-wikipedia › Korttipakka › ¶1; sv-unoregler › UNO kortleken › ¶3; id-wikipedia › Aturan resmi › ¶2

      Given a new 5-player match
      When the dealer-selection cards are WD4 WD4 WD4 WD4 WD4
      Then the action is refused under DECK-COMPOSITION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: CARD-CLASSES

    @CARD-CLASSES @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: only number cards carry a number
      Cites id-wikipedia › Aturan resmi › ¶3; sv-unoregler › UNO kortleken › ¶3; sv-unoregler › UNO kortleken › ¶4; fi-wikipedia › Toimintakortit › ¶1

      Given a new 4-player match
      When the dealer-selection cards are RS GD2 W Y1
      Then seat 3 is the dealer

    @CARD-CLASSES @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: an action card matches the same action of another colour
      Cites sv-unoregler › Specialkort i UNO › ¶1; fi-wikipedia › Toimintakortit › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | GD2 B4 |
        | 1    | Y1 Y2  |
        | 2    | B7 B8  |
      And the top card is RD2
      When seat 0 plays GD2
      Then the top card is GD2
      And the current colour is green

    @CARD-CLASSES @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Skip is not a zero
      Cites id-wikipedia › Aturan resmi › ¶3; sv-unoregler › UNO kortleken › ¶3

      Given a 3-player game
      And seat 0 holds BS Y4
      And the top card is G0
      When seat 0 tries to play BS
      # checks CARD-CLASSES
      Then the action is refused under PLAY-MATCH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: PLAYER-COUNT

    @PLAYER-COUNT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: two players make a match
      Cites fi-wikipedia › Uno (korttipeli) › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4

      Given a new 2-player match
      When the dealer-selection cards are R3 G8
      Then seat 1 is the dealer
      When the cards are dealt with the starter B5
      Then seat 0 is to act
      And seat 0 holds 7 cards
      And seat 1 holds 7 cards
      And the draw pile holds 93 cards

    @PLAYER-COUNT @DEAL-SEVEN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: ten players make a match
      Cites fi-wikipedia › Uno (korttipeli) › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4

      Given a new 10-player match
      When the dealer-selection cards are R1 R2 R3 R4 R5 R6 R7 R8 R9 G1
      Then seat 8 is the dealer
      When the cards are dealt with the starter B5
      Then seat 9 is to act
      # checks DEAL-SEVEN
      And seat 0 holds 7 cards
      And seat 8 holds 7 cards
      And seat 9 holds 7 cards
      And the draw pile holds 37 cards

    @PLAYER-COUNT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a match for eleven players is refused
      Cites fi-wikipedia › Uno (korttipeli) › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4

      Given a new 11-player match
      Then the action is refused under PLAYER-COUNT

    @PLAYER-COUNT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a single player cannot start a match
      Cites fi-wikipedia › Uno (korttipeli) › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4

      Given a new 1-player match
      Then the action is refused under PLAYER-COUNT

  Rule: NO-CARD-EXCHANGE

    @NO-CARD-EXCHANGE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn offers no way to hand cards over
      Cites id-wikipedia › Aturan resmi › ¶11

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      Then the legal actions of seat 0 are
        | action   |
        | plays R5 |
        | draws    |
      And seat 1 may not swap hands with seat 0

    @NO-CARD-EXCHANGE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: swapping hands is refused
      Cites id-wikipedia › Aturan resmi › ¶11

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1    |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 tries to swap hands with seat 1
      Then the action is refused under NO-CARD-EXCHANGE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      And seat 0 holds exactly R5 G9

  Rule: DEALER-SELECTION

    @DEALER-SELECTION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the highest card chooses the dealer
      Cites fi-wikipedia › Pelin kulku › ¶1

      Given a new 4-player match
      Then the game waits for the dealer-selection draw
      And nobody may act
      When the dealer-selection cards are R5 G9 B2 Y7
      Then seat 1 is the dealer
      And the game waits for the deal

    @DEALER-SELECTION @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: action and wild cards count as zero in the dealer draw
      Cites fi-wikipedia › Pelin kulku › ¶1

      Given a new 4-player match
      When the dealer-selection cards are W WD4 RS B1
      Then seat 3 is the dealer

    @DEALER-SELECTION @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the dealer draw takes one card from every seat
      Cites fi-wikipedia › Pelin kulku › ¶1

      Given a new 4-player match
      When the dealer-selection cards are R5 G9
      Then the action is refused under DEALER-SELECTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-16
    Scenario Outline: the dealer draw is settled the same way under every profile
      Cites fi-wikipedia › Pelin kulku › ¶1; fi-wikipedia › Toimintakortit › ¶1
      Ties follow a policy, as no source covers them.

      Given a new 4-player match under the <profile> profile
      When the dealer-selection cards are <cards>
      Then the outcome is <outcome>

      @official @DEALER-SELECTION
      Examples:
        | profile  | cards       | outcome                                           |
        | official | R5 G9 B2 Y7 | seat 1 is the dealer; the game waits for the deal |

      @id-wikipedia @DEALER-SELECTION
      Examples:
        | profile      | cards      | outcome              |
        | id-wikipedia | Y0 W B1 RS | seat 2 is the dealer |

      @fi-wikipedia @P-DEALER-TIE
      Examples:
        | profile      | cards       | outcome                                     |
        | fi-wikipedia | RS GD2 W B0 | seats 0, 1, 2 and 3 draw again for the deal |

      @sv-unoregler @P-DEALER-TIE
      Examples:
        | profile      | cards       | outcome                               |
        | sv-unoregler | G9 B9 R2 Y7 | seats 0 and 1 draw again for the deal |

  Rule: DEAL-SEVEN

    @DEAL-SEVEN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: every seat is dealt seven cards
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 3-player match
      When the dealer-selection cards are G2 B8 Y4
      Then the position has /chance/hand_size = 7
      When the cards are dealt with the starter G6
      Then seat 0 holds 7 cards
      And seat 1 holds 7 cards
      And seat 2 holds 7 cards
      And an event dealt cites DEAL-SEVEN

    @DEAL-SEVEN @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a deal of six cards each is refused
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a 4-player game
      And the position is
        """
        {"phase": "deal", "to_act": null, "dealer": 0, "colour": null,
         "chance": {"type": "deal", "dealer": 0, "hand_size": 6, "seats": [1, 2, 3, 0]}}
        """
      When the cards are dealt with the starter R5
      Then the action is refused under DEAL-SEVEN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: DRAW-PILE-INIT

    @DRAW-PILE-INIT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the undealt cards become the draw pile
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter R3 and the draw pile starting with B3 G4
      Then the draw pile holds 79 cards
      And the position has /draw_pile/0 = "B3"
      When seat 2 draws
      Then seat 2 holds 8 cards
      And the position has /hands/2/7 = "B3"
      And the position has /draw_pile/0 = "G4"

    @DRAW-PILE-INIT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the dealt hands and the starter stay out of the draw pile
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 2-player match
      When the dealer-selection cards are G2 B8
      And the cards are dealt with the starter B5
      Then the draw pile holds 93 cards
      And the position has /draw_pile/0 = "R7"

  Rule: FIRST-DISCARD-FLIP

    @FIRST-DISCARD-FLIP @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the starter opens the discard pile
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter G6
      Then the top card is G6
      And the discard pile holds 1 card
      # checks FIRST-CARD-NUMBER
      And the current colour is green

    @FIRST-DISCARD-FLIP @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: no card lies face up before the deal
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      Then the discard pile holds 0 cards
      And the position has /colour = null
      And nobody may act

  Rule: FIRST-PLAYER

    @FIRST-PLAYER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the seat left of the dealer plays first
      Cites fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Lägga kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter R3
      Then seat 2 is to act
      And seat 2 may play R5

    @FIRST-PLAYER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: after a dealer on the last seat seat 0 plays first
      Cites fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Lägga kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R1 G2 B3 Y9
      # checks DEALER-SELECTION
      Then seat 3 is the dealer
      When the cards are dealt with the starter R3
      # checks FIRST-PLAYER
      Then seat 0 is to act

    @FIRST-PLAYER @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the dealer does not open after a number starter
      Cites fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Lägga kort › ¶1; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter R3
      And seat 1 tries to play R2
      # checks FIRST-PLAYER
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: DIRECTION-INITIAL

    @DIRECTION-INITIAL @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a round starts clockwise
      Cites id-wikipedia › Aturan resmi › ¶5

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter R3
      Then play runs clockwise
      When seat 2 plays R5
      Then seat 3 is to act

    @DIRECTION-INITIAL @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the direction of the last round does not carry over
      Cites id-wikipedia › Aturan resmi › ¶5

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And play runs counter-clockwise
      And seat 2 is the dealer
      And seat 0 has called UNO
      When seat 0 plays R5
      # checks NEW-ROUND
      Then the game waits for the deal
      When the cards are dealt with the starter G6
      # checks DIRECTION-INITIAL
      Then play runs clockwise
      And seat 1 is to act

  Rule: P-DEALER-TIE

    @P-DEALER-TIE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: only the tied seats draw again
      Policy: no source settles this; the tied players alone draw once more.

      Given a new 4-player match
      When the dealer-selection cards are G9 R2 B9 Y7
      Then seats 0 and 2 draw again for the deal
      When the dealer-selection cards are G3 B8
      Then seat 2 is the dealer
      And the game waits for the deal

    @P-DEALER-TIE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a second tie repeats the draw
      Policy: no source settles this; the tied players keep drawing until one is highest.

      Given a new 4-player match
      When the dealer-selection cards are G9 R2 B9 Y7
      And the dealer-selection cards are R4 B4
      Then seats 0 and 2 draw again for the deal
      When the dealer-selection cards are Y1 G0
      Then seat 0 is the dealer

    @P-DEALER-TIE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a tie below the highest card needs no redraw
      Policy: no source settles this; only a tie for the highest value matters.

      Given a new 4-player match
      When the dealer-selection cards are R2 G9 B2 Y5
      Then seat 1 is the dealer
      And the game waits for the deal

    @P-DEALER-TIE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: seats out of the tie take no part in the redraw
      Policy: no source settles this; the redraw is for the tied players only.

      Given a new 4-player match
      When the dealer-selection cards are G9 R2 B9 Y7
      And the dealer-selection cards are R1 R3 R4 R6
      # checks P-DEALER-TIE
      Then the action is refused under DEALER-SELECTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: P-DEAL-ORDER

    @P-DEAL-ORDER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the deal goes round from the dealer's left, one card at a time
      Policy: no source settles this; the deal starts on the dealer's left and the dealer is served last.

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      Then the position has /chance/seats = [2, 3, 0, 1]
      When the cards are dealt with the starter R3
      Then seat 2 holds exactly R0 R2 R5 R7 R9 RR Y0
      And seat 3 holds exactly R1 R3 R5 R7 R9 RR Y1
      And seat 0 holds exactly R1 R4 R6 R8 RS RD2 Y1
      And seat 1 holds exactly R2 R4 R6 R8 RS RD2 Y2

    @P-DEAL-ORDER @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the dealer is not served first
      Policy: no source settles this; the dealer receives the last card of each pass.

      Given a new 4-player match
      When the dealer-selection cards are R1 G2 B3 Y9
      # checks DEALER-SELECTION
      Then seat 3 is the dealer
      # checks P-DEAL-ORDER
      And the position has /chance/seats = [0, 1, 2, 3]

    @AMB-40
    Scenario Outline: every profile deals from the dealer's left
      Cites fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1; id-wikipedia › Aturan resmi › ¶4
      Where the deal starts is a policy, as no source gives it.

      Given a new 4-player match under the <profile> profile
      When the dealer-selection cards are <cards>
      Then the outcome is <outcome>

      @official @P-DEAL-ORDER
      Examples:
        | profile  | cards       | outcome                                                             |
        | official | R5 G9 B2 Y7 | seat 1 is the dealer; the position has /chance/seats = [2, 3, 0, 1] |

      @fi-wikipedia @P-DEAL-ORDER
      Examples:
        | profile      | cards       | outcome                                                             |
        | fi-wikipedia | R9 G2 B3 Y4 | seat 0 is the dealer; the position has /chance/seats = [1, 2, 3, 0] |

      @sv-unoregler @P-DEAL-ORDER
      Examples:
        | profile      | cards       | outcome                                                             |
        | sv-unoregler | R1 G2 B8 Y4 | seat 2 is the dealer; the position has /chance/seats = [3, 0, 1, 2] |

      @id-wikipedia @DEAL-SEVEN
      Examples:
        | profile      | cards       | outcome                                                      |
        | id-wikipedia | R1 G2 B3 Y9 | seat 3 is the dealer; the position has /chance/hand_size = 7 |
