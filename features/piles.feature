Feature: The draw pile and the discard pile
  When a card must be drawn and the draw pile is empty, every discard except the top
  one is shuffled into a new draw pile. If even that leaves nothing to draw, the player
  takes what there is and a round in which nobody can move any more is stopped.

  Rule: RESHUFFLE

    @RESHUFFLE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: an empty draw pile is rebuilt from the discards when a card is needed
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile is empty
      When seat 0 draws
      Then the game waits for a reshuffle
      And nobody may act
      When the discards are reshuffled with B3 on top
      Then an event reshuffled cites RESHUFFLE
      And seat 0 holds exactly G9 Y1 B3
      And the top card is R7
      And the discard pile holds 1 card
      And the draw pile holds 98 cards
      # checks DRAW-END-TURN
      And seat 1 is to act

    @RESHUFFLE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a reshuffle can fall in the middle of a Draw Two
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 G9 Y1 |
        | 1    | B1 B2 B4  |
        | 2    | Y3 Y4 Y6  |
      And the top card is R7
      And the draw pile holds only B3
      When seat 0 plays RD2
      Then seat 1 holds exactly B1 B2 B4 B3
      And the game waits for a reshuffle
      When the discards are reshuffled with G4 on top
      Then seat 1 holds exactly B1 B2 B4 B3 G4
      And the top card is RD2
      And the discard pile holds 1 card
      # checks DRAW-TWO-EFFECT
      And seat 2 is to act

    @RESHUFFLE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the pile is not rebuilt the moment it runs out
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile holds only B3
      When seat 0 draws
      Then seat 0 holds exactly G9 Y1 B3
      And the draw pile holds 0 cards
      And the discard pile holds 99 cards
      # checks DRAW-END-TURN
      And seat 1 is to act
      # checks RESHUFFLE
      And seat 1 may draw
      When seat 1 draws
      Then the game waits for a reshuffle

  Rule: RESHUFFLE-WILD-COLOUR

    @AMB-25
    Scenario Outline: the top wild and its colour stay put through a reshuffle
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶9; id-wikipedia › Aturan resmi › ¶10

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | R5 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is W and the colour is blue
      And the draw pile is empty
      When seat 0 draws
      And the discards are reshuffled with R4 on top
      Then the outcome is <outcome>

      @official @RESHUFFLE-WILD-COLOUR
      Examples:
        | profile  | outcome                                                                                                     |
        | official | seat 0 holds exactly G9 Y1 R4; the top card is W; the current colour is blue; the discard pile holds 1 card |

      @fi-wikipedia @RESHUFFLE-WILD-COLOUR
      Examples:
        | profile      | outcome                                                                                                     |
        | fi-wikipedia | seat 0 holds exactly G9 Y1 R4; the top card is W; the current colour is blue; the discard pile holds 1 card |

      @sv-unoregler @RESHUFFLE-WILD-COLOUR
      Examples:
        | profile      | outcome                                                                                                     |
        | sv-unoregler | seat 0 holds exactly G9 Y1 R4; the top card is W; the current colour is blue; the discard pile holds 1 card |

      @id-wikipedia @RESHUFFLE-WILD-COLOUR
      Examples:
        | profile      | outcome                                                                                                     |
        | id-wikipedia | seat 0 holds exactly G9 Y1 R4; the top card is W; the current colour is blue; the discard pile holds 1 card |

    @RESHUFFLE-WILD-COLOUR @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a wild shuffled back in comes out as a plain wild
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9; id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶9; sv-unoregler › Färg › ¶1; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | R5 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the discard pile is W B7 (bottom to top)
      And the draw pile is empty
      When seat 0 draws
      And the discards are reshuffled with W on top
      Then seat 0 holds exactly G9 Y1 W
      And seat 0 may play W
      When seat 0 plays W
      Then the phase is colour
      And the legal actions of seat 0 are
        | action       |
        | names red    |
        | names yellow |
        | names green  |
        | names blue   |
      When seat 0 names green
      Then the current colour is green
      And seat 1 is to act

    @RESHUFFLE-WILD-COLOUR @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the colour named for the top wild survives the reshuffle
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9; id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶9; sv-unoregler › Färg › ¶1; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | R5 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is W and the colour is blue
      And the draw pile is empty
      When seat 0 draws
      And the discards are reshuffled with R4 on top
      Then the top card is W
      And the current colour is blue
      And seat 1 is to act
      And seat 1 may play B2

    @RESHUFFLE-WILD-COLOUR @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a reshuffle does not reset the colour in force
      Cites id-wikipedia › Aturan resmi › ¶10; sv-unoregler › Vanliga frågor om regler i UNO › ¶9; id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶9; sv-unoregler › Färg › ¶1; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 Y1    |
        | 1    | R5 G2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is W and the colour is blue
      And the draw pile is empty
      When seat 0 draws
      And the discards are reshuffled with R4 on top
      Then seat 1 may not play R5
      And seat 1 may not play G2
      When seat 1 tries to play R5
      Then the action is refused under MATCH-ON-WILD
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: P-PILES-EXHAUSTED

    @P-PILES-EXHAUSTED @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn draw with nothing to draw ends the turn
      Policy: no source settles this; with both piles used up the player draws nothing and the turn passes.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      Then an event draw_forgiven cites P-PILES-EXHAUSTED
      And seat 0 holds 36 cards
      And the draw pile holds 0 cards
      And the discard pile holds 1 card
      And seat 1 is to act
      And the round goes on

    @P-PILES-EXHAUSTED @official @fi-wikipedia @id-wikipedia
    Scenario: a Draw Two victim takes only the cards there are
      Policy: no source settles this; the victim draws what the piles still give and the rest is forgiven.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 plays RD2
      Then the game waits for a reshuffle
      When the discards are reshuffled
      Then an event draw_forgiven cites P-PILES-EXHAUSTED
      And seat 1 holds 37 cards
      And the top card is RD2
      And seat 2 is to act

    @P-PILES-EXHAUSTED @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a forgiven penalty card is not owed later
      Policy: no source settles this; a penalty card the piles cannot supply is cancelled, not postponed.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 plays RD2
      And the discards are reshuffled
      Then the position has /owed_draws = []
      And seat 1 holds 37 cards
      And seat 2 is to act
      When seat 2 draws
      Then seat 1 holds 37 cards
      And seat 0 is to act
      And the position has /owed_draws = []

  Rule: P-STALEMATE

    @P-STALEMATE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a round in which nobody can move is void and dealt again
      Policy: no source settles this; after every player in turn could neither play nor draw, the round has no winner.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      And seat 1 draws
      And seat 2 draws
      Then an event stalemate cites P-STALEMATE
      And the scores are 0 0 0
      And seat 2 is the dealer
      And the position has /round = 2
      And the game waits for the deal

    @P-STALEMATE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: fewer idle turns than players do not stop the round
      Policy: no source settles this; the round stops only once every player in a row has been unable to move.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      And seat 1 draws
      Then the round goes on
      And seat 2 is to act
      And the position has /idle_turns = 2
      And the match goes on

    @P-STALEMATE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card played starts the count again
      Policy: no source settles this; only turns that end without a card played count towards a stalemate.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | R5    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      And seat 1 plays R5
      Then the position has /idle_turns = 0
      And seat 2 is to act
      And the round goes on

    @P-STALEMATE @official
    Scenario: with lowest_hand_wins the cheapest hand takes the round
      Policy: no source settles this; the option scores a stopped round for the player whose hand is worth least.

      Given the option P-STALEMATE.stalemate is "lowest_hand_wins"
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      And seat 1 draws
      And seat 2 draws
      Then the round is won by seat 2
      And the position has /last_round/points = 852
      And the scores are 0 0 852

    @AMB-26
    Scenario Outline: what becomes of a round that cannot go on
      Policy: no source settles this; no document covers both piles being used up.

      Given a 3-player game under the <profile> profile
      And the option P-STALEMATE.stalemate is "<stalemate>"
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
      And the top card is R7
      And both piles are used up
      When seat 0 draws
      And seat 1 draws
      And seat 2 draws
      Then the outcome is <outcome>

      @official @P-STALEMATE
      Examples:
        | profile  | stalemate        | outcome                                                                 |
        | official | void_round       | the scores are 0 0 0; seat 2 is the dealer; the game waits for the deal |
        | official | lowest_hand_wins | the round is won by seat 2; the scores are 0 0 852                      |

      @fi-wikipedia @P-STALEMATE
      Examples:
        | profile      | stalemate  | outcome                                                                 |
        | fi-wikipedia | void_round | the scores are 0 0 0; seat 2 is the dealer; the game waits for the deal |

      @sv-unoregler @P-STALEMATE
      Examples:
        | profile      | stalemate  | outcome                                                                 |
        | sv-unoregler | void_round | the scores are 0 0 0; seat 2 is the dealer; the game waits for the deal |

      @id-wikipedia @P-STALEMATE
      Examples:
        | profile      | stalemate  | outcome                                                                 |
        | id-wikipedia | void_round | the scores are 0 0 0; seat 2 is the dealer; the game waits for the deal |
