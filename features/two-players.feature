Feature: Action cards with two players
  With only two players, a card that makes the next player lose their turn hands the
  turn straight back to whoever played it: a Skip, a Reverse, a Draw Two and a Wild
  Draw Four all give their player another turn.

  Rule: TWO-PLAYER-SKIP

    @TWO-PLAYER-SKIP @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Skip gives its player another turn
      Cites fi-wikipedia › Toimintakortit › ¶3

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RS R3 B5 G6 |
        | 1    | G1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RS
      Then seat 0 is to act
      And seat 1 holds 3 cards
      And an event turn_skipped cites TWO-PLAYER-SKIP

    @TWO-PLAYER-SKIP @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the extra turn is a full turn of its own
      Cites fi-wikipedia › Toimintakortit › ¶3

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RS R3 B5 G6 |
        | 1    | G1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RS
      Then the legal actions of seat 0 are
        | action   |
        | plays R3 |
        | draws    |
      When seat 0 plays R3
      Then seat 1 is to act

    @TWO-PLAYER-SKIP @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the opponent may not play after a Skip
      Cites fi-wikipedia › Toimintakortit › ¶3

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RS R3 B5 G6 |
        | 1    | R1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RS
      And seat 1 tries to play R1
      # checks TWO-PLAYER-SKIP
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @TWO-PLAYER-SKIP @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the extra turn may not be passed without drawing
      Cites fi-wikipedia › Toimintakortit › ¶3

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RS G3 B5 G6 |
        | 1    | G1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RS
      And seat 0 tries to pass
      # checks TWO-PLAYER-SKIP
      Then the action is refused under TURN-ACTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks TWO-PLAYER-SKIP
      And seat 0 may draw

    @AMB-22
    Scenario Outline: who plays next after an action card between two players
      Cites fi-wikipedia › Toimintakortit › ¶3; fi-wikipedia › Toimintakortit › ¶4; id-wikipedia › Permainan 2 pemain › ¶1

      Given a 2-player game under the <profile> profile
      And the hands are
        | seat | cards           |
        | 0    | RS RR RD2 B5 G6 |
        | 1    | G1 G2 Y3        |
      And the top card is R7
      When seat 0 plays <card>
      Then the outcome is <outcome>

      @official @TWO-PLAYER-SKIP
      Examples:
        | profile  | card | outcome                                |
        | official | RS   | seat 0 is to act; seat 1 holds 3 cards |

      @fi-wikipedia @TWO-PLAYER-SKIP
      Examples:
        | profile      | card | outcome                                |
        | fi-wikipedia | RS   | seat 0 is to act; seat 1 holds 3 cards |

      @official @REVERSE-TWO-PLAYER
      Examples:
        | profile  | card | outcome                                                             |
        | official | RR   | seat 0 is to act; seat 1 holds 3 cards; play runs counter-clockwise |

      @fi-wikipedia @REVERSE-TWO-PLAYER
      Examples:
        | profile      | card | outcome                                                             |
        | fi-wikipedia | RR   | seat 0 is to act; seat 1 holds 3 cards; play runs counter-clockwise |

      @id-wikipedia @REVERSE-TWO-PLAYER
      Examples:
        | profile      | card | outcome                                                             |
        | id-wikipedia | RR   | seat 0 is to act; seat 1 holds 3 cards; play runs counter-clockwise |

      @official @TWO-PLAYER-DRAW
      Examples:
        | profile  | card | outcome                                |
        | official | RD2  | seat 0 is to act; seat 1 holds 5 cards |

      @sv-unoregler @TWO-PLAYER-DRAW
      Examples:
        | profile      | card | outcome                                |
        | sv-unoregler | RD2  | seat 0 is to act; seat 1 holds 5 cards |

  Rule: REVERSE-TWO-PLAYER

    @REVERSE-TWO-PLAYER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Reverse acts as a Skip
      Cites fi-wikipedia › Toimintakortit › ¶4; id-wikipedia › Permainan 2 pemain › ¶1

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RR R3 B5 G6 |
        | 1    | G1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RR
      Then seat 0 is to act
      And seat 1 holds 3 cards
      And an event turn_skipped cites REVERSE-TWO-PLAYER

    @REVERSE-TWO-PLAYER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the direction still turns round
      Cites fi-wikipedia › Toimintakortit › ¶4; id-wikipedia › Permainan 2 pemain › ¶1

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RR GR B5 G6 |
        | 1    | G1 Y2 Y3    |
      And the top card is R7
      When seat 0 plays RR
      Then play runs counter-clockwise
      And an event direction_reversed cites REVERSE-TWO-PLAYER
      When seat 0 plays GR
      Then play runs clockwise
      And seat 0 is to act

    @REVERSE-TWO-PLAYER @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the opponent may not play after a Reverse
      Cites fi-wikipedia › Toimintakortit › ¶4; id-wikipedia › Permainan 2 pemain › ¶1

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | RR R3 B5 G6 |
        | 1    | R1 G2 Y3    |
      And the top card is R7
      When seat 0 plays RR
      And seat 1 tries to play R1
      # checks REVERSE-TWO-PLAYER
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks REVERSE-TWO-PLAYER
      And seat 0 is to act

  Rule: TWO-PLAYER-DRAW

    @TWO-PLAYER-DRAW @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: after a Draw Two the opponent draws and its player goes again
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | RD2 R3 B5 G6 |
        | 1    | G1 G2 Y3     |
      And the top card is R7
      And the draw pile starts with B9 G8
      When seat 0 plays RD2
      Then seat 1 holds exactly G1 G2 Y3 B9 G8
      And seat 0 is to act
      And an event turn_skipped cites TWO-PLAYER-DRAW

    @TWO-PLAYER-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: after an accepted Wild Draw Four its player goes again
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | WD4 B5 G6 Y7 |
        | 1    | G1 G2 Y3     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 accepts
      Then seat 1 holds 7 cards
      And seat 0 is to act

    @TWO-PLAYER-DRAW @sv-unoregler
    Scenario: after an unchallengeable Wild Draw Four its player goes again
      Cites sv-unoregler › Dra 2 › ¶1; sv-unoregler › Färg & Dra 4 › ¶1

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | WD4 B5 G6 Y9 |
        | 1    | G1 G2 Y3     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      # checks V-NO-WD4-CHALLENGE
      Then seat 1 holds 7 cards
      # checks TWO-PLAYER-DRAW
      And seat 0 is to act

    @TWO-PLAYER-DRAW @WD4-CHALLENGE-INNOCENT @official @fi-wikipedia @id-wikipedia
    Scenario: after a failed challenge the Wild Draw Four's player goes again
      Cites fi-wikipedia › Rangaistukset › ¶2; fi-wikipedia › Toimintakortit › ¶7

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | WD4 B5 G6 Y7 |
        | 1    | G1 G2 Y3     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      # checks WD4-CHALLENGE-INNOCENT
      Then seat 1 holds 9 cards
      # checks TWO-PLAYER-DRAW
      And seat 0 is to act

    @TWO-PLAYER-DRAW @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the opponent may not play after drawing for a Draw Two
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | RD2 R3 B5 G6 |
        | 1    | R1 G2 Y3     |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play R1
      # checks TWO-PLAYER-DRAW
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks TWO-PLAYER-DRAW
      And seat 0 is to act

  Rule: WD4-CHALLENGE-GUILTY

    @WD4-CHALLENGE-GUILTY @official @fi-wikipedia @id-wikipedia
    Scenario: after an upheld challenge the turn goes to the challenger
      Cites fi-wikipedia › Rangaistukset › ¶2

      Given a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | WD4 R2 B5 G6 |
        | 1    | G1 B2 Y3     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 0 holds 7 cards
      And seat 1 holds 3 cards
      And seat 1 is to act
      And seat 1 may play B2
