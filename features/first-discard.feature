Feature: The first discard
  The card turned up to start the discard pile (the starter) decides how the round
  begins. A number card does nothing; a Skip, Reverse or Draw Two acts as if the dealer
  had played it; after a Wild the first player names the colour; a Wild Draw Four is
  shuffled back and replaced. Under the fi-wikipedia profile only a number card may be
  the starter (V-FIRST-CARD-NO-SPECIAL), so every special starter is replaced.

  In these scenarios seat 0 deals, so seat 1 sits on the dealer's left.

  Rule: FIRST-CARD-NUMBER

    @FIRST-CARD-NUMBER @FIRST-PLAYER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a number starter just opens the pile
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter G6
      Then the top card is G6
      And the current colour is green
      # checks FIRST-PLAYER
      And seat 1 is to act
      # checks FIRST-CARD-NUMBER
      And play runs clockwise
      # checks DEAL-SEVEN
      And seat 1 holds 7 cards

    @FIRST-CARD-NUMBER @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the starter's number can be matched in another colour
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter G6
      And seat 1 plays R6
      Then the current colour is red
      And seat 2 is to act

    @FIRST-CARD-NUMBER @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a number starter skips nobody
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶2; sv-unoregler › Förberedelser och dela ut kort › ¶1

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter R3
      And seat 2 tries to play R3
      # checks FIRST-CARD-NUMBER
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks FIRST-CARD-NUMBER
      And seat 1 is to act

  Rule: FIRST-CARD-SKIP

    @FIRST-CARD-SKIP @official @sv-unoregler @id-wikipedia
    Scenario: a Skip starter skips the dealer's left neighbour
      Cites id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RS
      Then seat 2 is to act
      And the current colour is red
      And seat 1 holds 7 cards
      And an event turn_skipped cites FIRST-CARD-SKIP

    @FIRST-CARD-SKIP @official @sv-unoregler @id-wikipedia
    Scenario: with two players a Skip starter lets the dealer open
      Cites id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a new 2-player match
      When the dealer-selection cards are R9 G2
      And the cards are dealt with the starter RS
      Then seat 0 is to act
      And seat 1 holds 7 cards

    @FIRST-CARD-SKIP @negative @official @sv-unoregler @id-wikipedia
    Scenario: the player skipped by the starter may not play
      Cites id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RS
      And seat 1 tries to play R2
      # checks FIRST-CARD-SKIP
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-13
    Scenario Outline: a special starter takes its effect or is replaced
      Cites id-wikipedia › Aturan resmi › ¶4; id-wikipedia › Aturan resmi › ¶6; fi-wikipedia › Pelin kulku › ¶2

      Given a new 4-player match under the <profile> profile
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter <starter>
      Then the outcome is <outcome>

      @official @FIRST-CARD-SKIP
      Examples:
        | profile  | starter | outcome                              |
        | official | RS      | seat 2 is to act; the top card is RS |

      @sv-unoregler @FIRST-CARD-DRAW-TWO
      Examples:
        | profile      | starter | outcome                                |
        | sv-unoregler | RD2     | seat 2 is to act; seat 1 holds 9 cards |

      @id-wikipedia @FIRST-CARD-WILD
      Examples:
        | profile      | starter | outcome                               |
        | id-wikipedia | W       | the phase is colour; seat 1 is to act |

      @official @FIRST-CARD-WD4
      Examples:
        | profile  | starter | outcome                                                |
        | official | WD4     | the game waits for a new starter; seat 1 holds 7 cards |

      @fi-wikipedia @V-FIRST-CARD-NO-SPECIAL
      Examples:
        | profile      | starter | outcome                                                |
        | fi-wikipedia | RS      | the game waits for a new starter; nobody may act       |
        | fi-wikipedia | RD2     | the game waits for a new starter; seat 1 holds 7 cards |

      @fi-wikipedia @FIRST-CARD-NUMBER
      Examples:
        | profile      | starter | outcome                              |
        | fi-wikipedia | G6      | seat 1 is to act; the top card is G6 |

  Rule: FIRST-CARD-REVERSE

    @FIRST-CARD-REVERSE @official @sv-unoregler @id-wikipedia
    Scenario: a Reverse starter lets the dealer open counter-clockwise
      Cites id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RR
      Then seat 0 is to act
      And play runs counter-clockwise
      And the current colour is red
      When seat 0 plays R2
      Then seat 3 is to act

    @FIRST-CARD-REVERSE @official @sv-unoregler @id-wikipedia
    Scenario: with two players a Reverse starter lets the dealer open
      Cites id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a new 2-player match
      When the dealer-selection cards are R9 G2
      And the cards are dealt with the starter RR
      Then seat 0 is to act

    @FIRST-CARD-REVERSE @negative @official @sv-unoregler @id-wikipedia
    Scenario: the dealer's left neighbour does not open after a Reverse starter
      Cites id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RR
      And seat 1 tries to play R2
      # checks FIRST-CARD-REVERSE
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-15
    Scenario Outline: who opens after a Reverse starter
      Cites id-wikipedia › Aturan resmi › ¶6 item Reverse; fi-wikipedia › Pelin kulku › ¶2

      Given a new <players>-player match under the <profile> profile
      When the dealer-selection cards are <dealer draw>
      And the cards are dealt with the starter RR
      Then the outcome is <outcome>

      @official @FIRST-CARD-REVERSE
      Examples:
        | profile  | players | dealer draw | outcome                                       |
        | official | 4       | R9 G2 B3 Y4 | seat 0 is to act; play runs counter-clockwise |
        | official | 2       | R9 G2       | seat 0 is to act; seat 1 holds 7 cards        |

      @sv-unoregler @FIRST-CARD-REVERSE
      Examples:
        | profile      | players | dealer draw | outcome                                       |
        | sv-unoregler | 4       | R9 G2 B3 Y4 | seat 0 is to act; play runs counter-clockwise |

      @id-wikipedia @FIRST-CARD-REVERSE
      Examples:
        | profile      | players | dealer draw | outcome          |
        | id-wikipedia | 2       | R9 G2       | seat 0 is to act |

      @fi-wikipedia @V-FIRST-CARD-NO-SPECIAL
      Examples:
        | profile      | players | dealer draw | outcome                                               |
        | fi-wikipedia | 4       | R9 G2 B3 Y4 | the game waits for a new starter; play runs clockwise |

    @FIRST-CARD-REVERSE @official @sv-unoregler @id-wikipedia
    Scenario: a Reverse starter is the one exception to the clockwise start
      Cites id-wikipedia › Aturan resmi › ¶5; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter RR
      Then play runs counter-clockwise
      And seat 1 is to act

  Rule: FIRST-CARD-DRAW-TWO

    @FIRST-CARD-DRAW-TWO @official @sv-unoregler @id-wikipedia
    Scenario: a Draw Two starter makes the dealer's left neighbour draw two and miss the turn
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RD2 and the draw pile starting with B3 G4
      Then seat 1 holds 9 cards
      And the position has /hands/1/7 = "B3"
      And the position has /hands/1/8 = "G4"
      And seat 2 is to act
      And the current colour is red
      And play runs clockwise

    @FIRST-CARD-DRAW-TWO @official @sv-unoregler @id-wikipedia
    Scenario: with two players a Draw Two starter lets the dealer open
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 2-player match
      When the dealer-selection cards are R9 G2
      And the cards are dealt with the starter RD2
      Then seat 1 holds 9 cards
      And seat 0 holds 7 cards
      And seat 0 is to act

    @FIRST-CARD-DRAW-TWO @negative @official @sv-unoregler @id-wikipedia
    Scenario: the victim of a Draw Two starter may not play
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter RD2
      And seat 1 tries to play RS
      # checks FIRST-CARD-DRAW-TWO
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks FIRST-CARD-DRAW-TWO
      And seat 1 holds 9 cards

  Rule: FIRST-CARD-WILD

    @FIRST-CARD-WILD @official @sv-unoregler @id-wikipedia
    Scenario: after a Wild starter the first player names the colour and plays
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W
      Then the phase is colour
      And seat 1 is to act
      When seat 1 names red
      Then the current colour is red
      And seat 1 is to act
      When seat 1 plays R2
      Then seat 2 is to act

    @FIRST-CARD-WILD @official @sv-unoregler @id-wikipedia
    Scenario: after naming a colour the first player may draw instead
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W and the draw pile starting with G4
      And seat 1 names blue
      Then the legal actions of seat 1 are
        | action |
        | draws  |
      When seat 1 draws
      # checks DRAW-ONE
      Then seat 1 holds 8 cards
      # checks DRAW-END-TURN
      And seat 2 is to act
      # checks FIRST-CARD-WILD
      And the current colour is blue

    @FIRST-CARD-WILD @official @sv-unoregler @id-wikipedia
    Scenario: the named colour is the one the Wild Draw Four test uses
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W and the draw pile starting with WD4
      And seat 1 names yellow
      And seat 1 draws
      Then seat 1 may play WD4

    @FIRST-CARD-WILD @negative @official @sv-unoregler @id-wikipedia
    Scenario: a named colour the first player holds bars a Wild Draw Four
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W and the draw pile starting with WD4
      And seat 1 names red
      And seat 1 draws
      Then seat 1 holds 8 cards
      And seat 1 may not play WD4

    @FIRST-CARD-WILD @official @sv-unoregler @id-wikipedia
    Scenario: after naming the colour the first player is not made to play at once
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶4

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W
      And seat 1 names red
      Then seat 1 may play R2
      And seat 1 may draw

    @FIRST-CARD-WILD @negative @official @sv-unoregler @id-wikipedia
    Scenario: the first player names the colour before playing
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W
      And seat 1 tries to play R2
      # checks FIRST-CARD-WILD
      Then the action is refused under WILD-COLOUR-CHOICE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks FIRST-CARD-WILD
      And seat 1 may name red

    @FIRST-CARD-WILD @MATCH-ON-WILD @negative @official @sv-unoregler @id-wikipedia
    Scenario: a card off the named colour is refused on a Wild starter
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W
      And seat 1 names blue
      And seat 1 tries to play R2
      Then the action is refused under MATCH-ON-WILD
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-14
    Scenario Outline: who acts after a Wild starter
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Pelin kulku › ¶2

      Given a new 4-player match under the <profile> profile
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter W
      Then the outcome is <outcome>

      @official @FIRST-CARD-WILD
      Examples:
        | profile  | outcome                                                      |
        | official | the phase is colour; seat 1 is to act; seat 1 may name green |

      @sv-unoregler @FIRST-CARD-WILD
      Examples:
        | profile      | outcome                                                       |
        | sv-unoregler | the phase is colour; seat 1 may name red; seat 1 may not draw |

      @id-wikipedia @FIRST-CARD-WILD
      Examples:
        | profile      | outcome                                   |
        | id-wikipedia | the phase is colour; seat 1 may name blue |

      @fi-wikipedia @V-FIRST-CARD-NO-SPECIAL
      Examples:
        | profile      | outcome                                          |
        | fi-wikipedia | the game waits for a new starter; nobody may act |

  Rule: FIRST-CARD-WD4

    @FIRST-CARD-WD4 @official @sv-unoregler @id-wikipedia
    Scenario: a Wild Draw Four starter is shuffled back and replaced
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter WD4
      Then the game waits for a new starter
      And an event starter_returned cites FIRST-CARD-WD4
      When the discards are reshuffled with G5 on top
      Then the top card is G5
      And the discard pile holds 1 card
      And the draw pile holds 79 cards
      And the current colour is green
      And seat 1 is to act

    @FIRST-CARD-WD4 @official @sv-unoregler @id-wikipedia
    Scenario: the replacement repeats while Wild Draw Fours turn up
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter WD4
      And the discards are reshuffled with WD4 on top
      Then the game waits for a new starter
      When the discards are reshuffled with B8 on top
      Then the top card is B8
      And seat 1 is to act

    @FIRST-CARD-WD4 @official @sv-unoregler @id-wikipedia
    Scenario: a replacement starter takes its own effect
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter WD4
      And the discards are reshuffled with GS on top
      Then the top card is GS
      And seat 2 is to act

    @FIRST-CARD-WD4 @negative @official @sv-unoregler @id-wikipedia
    Scenario: nobody draws four for a Wild Draw Four starter
      Cites id-wikipedia › Aturan resmi › ¶6

      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter WD4
      Then seat 1 holds 7 cards
      And nobody may act
      And the position has /colour = null
      When the discards are reshuffled with G5 on top
      Then seat 1 holds 7 cards
      And seat 1 is to act
