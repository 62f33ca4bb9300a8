Feature: Matching a card to the discard pile
  A card goes on the discard pile when it shares the current colour, or the number or
  symbol of the top card; wild cards go on anything.

  Rule: PLAY-MATCH

    @PLAY-MATCH @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card of the current colour may be played
      Cites fi-wikipedia › Pelin kulku › ¶3; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | R5 G9  |
        | 1    | B1 B2  |
        | 2    | Y3 Y4  |
      And the top card is R7
      When seat 0 plays R5
      Then the top card is R5
      # checks TURN-ADVANCE
      And seat 1 is to act

    @PLAY-MATCH @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card matching neither colour nor face is refused
      Cites fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And seat 0 holds G9 B2
      And the top card is R7
      When seat 0 tries to play G9
      Then the action is refused under PLAY-MATCH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks PLAY-MATCH
      And seat 0 may not play B2

    @PLAY-MATCH @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a number matches the same number in another colour
      Cites fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Lägga kort › ¶1; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G7 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 plays G7
      Then the top card is G7
      # checks CURRENT-COLOUR
      And the current colour is green
      # checks TURN-ADVANCE
      And seat 1 is to act

    @PLAY-MATCH @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: an action card matches the same action in another colour
      Cites fi-wikipedia › Toimintakortit › ¶3; sv-unoregler › Lägga kort › ¶2; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | GS B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is RS
      When seat 0 plays GS
      Then the top card is GS
      # checks SKIP-EFFECT
      And seat 2 is to act

    @PLAY-MATCH @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: two different action cards of different colours do not match
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; sv-unoregler › Dra 2 › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | GR GD2 |
        | 1    | B1 B3  |
        | 2    | Y3 Y4  |
      And the top card is RS
      When seat 0 tries to play GR
      Then the action is refused under PLAY-MATCH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks PLAY-MATCH
      And seat 0 may not play GD2

    @AMB-29
    Scenario Outline: a coloured special card needs a match while a wild card does not
      Cites sv-unoregler › Lägga kort › ¶1; sv-unoregler › Lägga kort › ¶2; sv-unoregler › Vänd › ¶1; sv-unoregler › Dra 2 › ¶1; fi-wikipedia › Toimintakortit › ¶3; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards            |
        | 0    | GS GD2 BR RS W B9 |
        | 1    | B1 B3            |
        | 2    | Y3 Y4            |
      And the top card is R7
      When seat 0 tries to play <card>
      Then the outcome is <outcome>

      @official @PLAY-MATCH
      Examples:
        | profile  | card | outcome                  |
        | official | GS   | refused under PLAY-MATCH |

      @fi-wikipedia @PLAY-MATCH
      Examples:
        | profile      | card | outcome                  |
        | fi-wikipedia | GD2  | refused under PLAY-MATCH |

      @sv-unoregler @PLAY-MATCH
      Examples:
        | profile      | card | outcome                              |
        | sv-unoregler | GS   | refused under PLAY-MATCH             |
        | sv-unoregler | GD2  | refused under PLAY-MATCH             |
        | sv-unoregler | BR   | refused under PLAY-MATCH             |
        | sv-unoregler | RS   | seat 2 is to act; the top card is RS |

      @id-wikipedia @WILD-ANYTIME
      Examples:
        | profile      | card | outcome                                |
        | id-wikipedia | W    | the phase is colour; the top card is W |

  Rule: TURN-ACTION

    @TURN-ACTION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn is one card played
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Lägga kort › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is R7
      When seat 0 plays R5
      Then seat 0 holds exactly G9 B2
      And the top card is R5
      And seat 1 is to act

    @TURN-ACTION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn is one card drawn
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; sv-unoregler › Om man inte kan lägga › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6
      When seat 0 draws
      Then seat 0 holds exactly G9 B2 Y6
      And seat 1 is to act

    @TURN-ACTION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the choices of a turn are the legal plays and the draw
      Cites id-wikipedia › Aturan resmi › ¶4; id-wikipedia › Aturan resmi › ¶5

      Given a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R5 G7 G9 B2 |
        | 1    | B1 B3       |
        | 2    | Y3 Y4       |
      And the top card is R7
      Then the legal actions of seat 0 are
        | action   |
        | plays R5 |
        | plays G7 |
        | draws    |

    @TURN-ACTION @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn may not be passed without a play or a draw
      Cites id-wikipedia › Aturan resmi › ¶4; sv-unoregler › Om man inte kan lägga › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 tries to pass
      Then the action is refused under TURN-ACTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks TURN-ACTION
      And seat 0 is to act

  Rule: CURRENT-COLOUR

    @CURRENT-COLOUR @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a coloured top card sets its own colour
      Cites sv-unoregler › Färg › ¶1; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G7 B2 |
        | 1    | G1 R3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 plays G7
      Then the current colour is green
      And seat 1 may play G1
      And seat 1 may not play R3

    @CURRENT-COLOUR @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a wild card on top carries the colour named for it
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | W R2  |
        | 1    | B1 R3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 names blue
      Then the current colour is blue
      And seat 1 is to act
      And seat 1 may play B1

    @CURRENT-COLOUR @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild Draw Four carries the colour named for it
      Cites id-wikipedia › Aturan resmi › ¶6; fi-wikipedia › Toimintakortit › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | WD4 G2 |
        | 1    | B1 R3  |
        | 2    | Y3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names yellow
      Then the current colour is yellow

    @CURRENT-COLOUR @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the colour in force before a wild no longer counts
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | W R2  |
        | 1    | B1 R3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 names green
      Then seat 1 may not play R3
      When seat 1 tries to play R3
      Then the action is refused under MATCH-ON-WILD

  Rule: MATCH-ON-WILD

    @MATCH-ON-WILD @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card of the named colour goes on a wild
      Cites fi-wikipedia › Pelin kulku › ¶3; fi-wikipedia › Toimintakortit › ¶6; id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B2 G7 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the discard pile is R7 W (bottom to top)
      And the current colour is blue
      When seat 0 plays B2
      Then the top card is B2
      And seat 1 is to act

    @MATCH-ON-WILD @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: another Wild is always legal on a wild
      Cites fi-wikipedia › Toimintakortit › ¶6; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game
      And the hands are
        | seat | cards   |
        | 0    | W B2 G7 |
        | 1    | B1 B3   |
        | 2    | Y3 Y4   |
      And the discard pile is R7 W (bottom to top)
      And the current colour is blue
      When seat 0 plays W
      And seat 0 names green
      Then the current colour is green

    @MATCH-ON-WILD @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the card under a wild does not count for matching
      Cites fi-wikipedia › Pelin kulku › ¶3; id-wikipedia › Aturan resmi › ¶4 item 1; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G7 R2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the discard pile is R7 W (bottom to top)
      And the current colour is blue
      When seat 0 tries to play G7
      Then the action is refused under MATCH-ON-WILD
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks MATCH-ON-WILD
      And seat 0 may not play R2

    @AMB-31
    Scenario Outline: matching through a wild to the card beneath
      Cites fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Färg › ¶1; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards       |
        | 0    | G7 R3 B5 Y1 |
        | 1    | B1 B3       |
        | 2    | Y3 Y4       |
      And the discard pile is R7 W (bottom to top)
      And the current colour is blue
      When seat 0 tries to play <card>
      Then the outcome is <outcome>

      @official @MATCH-ON-WILD
      Examples:
        | profile  | card | outcome                     |
        | official | G7   | refused under MATCH-ON-WILD |

      @fi-wikipedia @MATCH-ON-WILD
      Examples:
        | profile      | card | outcome                     |
        | fi-wikipedia | R3   | refused under MATCH-ON-WILD |

      @sv-unoregler @MATCH-ON-WILD
      Examples:
        | profile      | card | outcome                     |
        | sv-unoregler | G7   | refused under MATCH-ON-WILD |

      @id-wikipedia @MATCH-ON-WILD
      Examples:
        | profile      | card | outcome                              |
        | id-wikipedia | G7   | refused under MATCH-ON-WILD          |
        | id-wikipedia | B5   | the top card is B5; seat 1 is to act |

    @MATCH-ON-WILD @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild has no colour of its own to match
      Cites id-wikipedia › Aturan resmi › ¶3; sv-unoregler › UNO kortleken › ¶4

      Given a 3-player game
      And seat 0 holds R5 G9
      And the discard pile is R7 W (bottom to top)
      And the current colour is green
      When seat 0 tries to play R5
      Then the action is refused under MATCH-ON-WILD

  Rule: ONE-CARD-PER-TURN

    @ONE-CARD-PER-TURN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: one card ends the turn
      Cites id-wikipedia › Aturan resmi › ¶4 item 1; sv-unoregler › Vanliga frågor om regler i UNO › ¶5; fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 R5 R6 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is R7
      When seat 0 plays R5
      Then seat 1 is to act
      And the discard pile holds 2 cards
      And seat 0 may not play R5

    @ONE-CARD-PER-TURN @DRAW-THEN-PLAY @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: playing the card just drawn is still one card
      Cites id-wikipedia › Aturan resmi › ¶4 item 1; fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      # checks DRAW-THEN-PLAY
      And seat 0 plays R3
      # checks ONE-CARD-PER-TURN
      Then the discard pile holds 2 cards
      And seat 1 is to act

    @ONE-CARD-PER-TURN @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a second card in the same turn is refused
      Cites id-wikipedia › Aturan resmi › ¶4 item 1; sv-unoregler › Vanliga frågor om regler i UNO › ¶5; fi-wikipedia › Rangaistukset › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 R5 R6 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is R7
      When seat 0 plays R5
      And seat 0 tries to play R5
      Then the action is refused under ONE-CARD-PER-TURN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @ONE-CARD-PER-TURN @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: no second card follows a drawn card that was played
      Cites id-wikipedia › Aturan resmi › ¶4 item 1; fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R4 G9 B2 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is G7
      And the draw pile starts with R7
      When seat 0 draws
      # checks DRAW-THEN-PLAY
      And seat 0 plays R7
      # checks ONE-CARD-PER-TURN
      Then seat 1 is to act
      And seat 0 may not play R4
      And seat 0 holds exactly R4 G9 B2

    @AMB-28
    Scenario Outline: identical cards go down one per turn unless a variant allows more
      Cites fi-wikipedia › Pelin kulku › ¶3; fi-wikipedia › Rangaistukset › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶5; sv-unoregler › Vanliga frågor om regler i UNO › ¶6; id-wikipedia › Aturan resmi › ¶4 item 1

      Given a 3-player game under the <profile> profile
      And the option V-MULTI-IDENTICAL is <multi>
      And the hands are
        | seat | cards    |
        | 0    | R5 R5 G2 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is R7
      When seat 0 plays R5
      Then the outcome is <outcome>

      @official @ONE-CARD-PER-TURN
      Examples:
        | profile  | multi | outcome                                  |
        | official | false | seat 1 is to act; seat 0 may not play R5 |

      @fi-wikipedia @ONE-CARD-PER-TURN
      Examples:
        | profile      | multi | outcome                                      |
        | fi-wikipedia | false | seat 1 is to act; seat 0 holds exactly R5 G2 |

      @sv-unoregler @ONE-CARD-PER-TURN
      Examples:
        | profile      | multi | outcome          |
        | sv-unoregler | false | seat 1 is to act |

      @id-wikipedia @ONE-CARD-PER-TURN
      Examples:
        | profile      | multi | outcome          |
        | id-wikipedia | false | seat 1 is to act |

      @official @V-MULTI-IDENTICAL
      Examples:
        | profile  | multi | outcome                                                       |
        | official | true  | seat 0 is to act; seat 0 may play R5; seat 0 may end the turn |

  Rule: TURN-ADVANCE

    @TURN-ADVANCE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the turn passes to the next seat clockwise
      Cites id-wikipedia › Aturan resmi › ¶5; sv-unoregler › Nästa spelares tur › ¶1

      Given a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
        | 3    | G1 G3 |
      And the top card is R7
      When seat 0 plays R5
      Then seat 1 is to act

    @TURN-ADVANCE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the turn wraps round from the last seat to seat 0
      Cites id-wikipedia › Aturan resmi › ¶5; sv-unoregler › Lägga kort › ¶1

      Given a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
        | 3    | R1 G3 |
      And the top card is R7
      And seat 3 is to act
      When seat 3 plays R1
      Then seat 0 is to act

    @TURN-ADVANCE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the turn passes counter-clockwise once play has been reversed
      Cites id-wikipedia › Aturan resmi › ¶5; fi-wikipedia › Toimintakortit › ¶4

      Given a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
        | 3    | G1 G3 |
      And the top card is R7
      And play runs counter-clockwise
      When seat 0 plays R5
      Then seat 3 is to act

    @TURN-ADVANCE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a player may not act out of turn
      Cites id-wikipedia › Aturan resmi › ¶5; sv-unoregler › Nästa spelares tur › ¶1

      Given a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | R3 Y4 |
        | 3    | G1 G3 |
      And the top card is R7
      When seat 2 tries to play R3
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks TURN-ADVANCE
      And seat 2 may not draw

  Rule: TURN-START

    @TURN-START @UNO-CATCH-WINDOW @official @sv-unoregler @id-wikipedia
    Scenario: a draw on one's turn starts the turn and closes the catch window
      Cites fi-wikipedia › Pelin kulku › ¶5; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has not called UNO
      And seat 1 is to act
      # checks UNO-CATCH-WINDOW
      Then seat 0 can be caught
      # checks TURN-START
      When seat 1 draws
      Then seat 0 cannot be caught
      And seat 1 may not catch seat 0

    @TURN-START @official @sv-unoregler @id-wikipedia
    Scenario: a card laid on one's turn starts the turn and closes the catch window
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | R1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has not called UNO
      And seat 1 is to act
      When seat 1 plays R1
      Then seat 0 cannot be caught

    @TURN-START @negative @official @sv-unoregler @id-wikipedia
    Scenario: being skipped does not start a turn
      Cites fi-wikipedia › Pelin kulku › ¶5; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RS G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 plays RS
      # checks SKIP-EFFECT
      Then seat 2 is to act
      # checks TURN-START
      And seat 0 can be caught
      And seat 2 may catch seat 0

    @TURN-START @negative @official @sv-unoregler @id-wikipedia
    Scenario: a forced draw does not start a turn
      Cites fi-wikipedia › Pelin kulku › ¶5; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | RD2 G9 |
        | 1    | B1 B3  |
        | 2    | Y3 Y4  |
      And the top card is R7
      When seat 0 plays RD2
      # checks DRAW-TWO-EFFECT
      Then seat 1 holds 4 cards
      And seat 2 is to act
      # checks TURN-START
      And seat 0 can be caught
      And seat 1 may catch seat 0

    @AMB-04
    Scenario Outline: which action starts the next turn for the UNO catch
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards       |
        | 0    | <card> G9   |
        | 1    | B1 B3       |
        | 2    | Y3 Y4       |
      And the top card is R7
      When seat 0 plays <card>
      Then the outcome is <before>
      When seat <next> draws
      Then the outcome is <after>

      @official @TURN-START
      Examples:
        | profile  | card | next | before               | after                   |
        | official | R5   | 1    | seat 0 can be caught | seat 0 cannot be caught |
        | official | RD2  | 2    | seat 0 can be caught | seat 0 cannot be caught |

      @sv-unoregler @TURN-START
      Examples:
        | profile      | card | next | before               | after                   |
        | sv-unoregler | R5   | 1    | seat 0 can be caught | seat 0 cannot be caught |

      @id-wikipedia @TURN-START
      Examples:
        | profile      | card | next | before               | after                   |
        | id-wikipedia | RS   | 2    | seat 0 can be caught | seat 0 cannot be caught |

      @fi-wikipedia @V-UNO-LATE-CATCH
      Examples:
        | profile      | card | next | before                  | after                |
        | fi-wikipedia | R5   | 1    | seat 0 cannot be caught | seat 0 can be caught |
        | fi-wikipedia | RD2  | 2    | seat 0 cannot be caught | seat 0 can be caught |

  Rule: P-ILLEGAL-PLAY-REJECTED

    @P-ILLEGAL-PLAY-REJECTED @PLAY-MATCH @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card that does not fit is refused without penalty
      Policy: no source settles this; the attempt is refused and nothing happens.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 tries to play G9
      Then the action is refused under PLAY-MATCH
      And the position is unchanged
      And seat 0 holds exactly G9 B2
      And seat 0 is to act
      And seat 0 may draw

    @P-ILLEGAL-PLAY-REJECTED @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card not in the hand is refused without penalty
      Policy: no source settles this; the attempt is refused and nothing happens.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 tries to play R5
      Then the action is refused under P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @P-ILLEGAL-PLAY-REJECTED @TURN-ADVANCE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a play out of turn is refused without penalty
      Policy: no source settles this; the attempt is refused and nothing happens.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | R1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 1 tries to play R1
      Then the action is refused under TURN-ADVANCE
      And the position is unchanged
      And seat 1 holds exactly R1 B3

    @AMB-30
    Scenario Outline: an illegal play is refused and costs nothing under every profile
      Policy: no source settles this; no document gives a sanction for a wrong card.

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y5 |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the discard pile is <pile> (bottom to top)
      And the current colour is <colour>
      When seat 0 tries to play <card>
      Then the outcome is <outcome>
      And the position is unchanged
      And seat 0 holds 3 cards

      @official @P-ILLEGAL-PLAY-REJECTED
      Examples:
        | profile  | pile | colour | card | outcome                  |
        | official | R7   | red    | G9   | refused under PLAY-MATCH |

      @fi-wikipedia @P-ILLEGAL-PLAY-REJECTED
      Examples:
        | profile      | pile | colour | card | outcome                  |
        | fi-wikipedia | R7   | red    | B2   | refused under PLAY-MATCH |

      @sv-unoregler @P-ILLEGAL-PLAY-REJECTED
      Examples:
        | profile      | pile | colour | card | outcome                  |
        | sv-unoregler | R7   | red    | Y5   | refused under PLAY-MATCH |

      @id-wikipedia @P-ILLEGAL-PLAY-REJECTED
      Examples:
        | profile      | pile | colour | card | outcome                     |
        | id-wikipedia | R7 W | blue   | G9   | refused under MATCH-ON-WILD |

  Rule: P-LEGAL-ACTION-SET

    @P-LEGAL-ACTION-SET @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: two copies of a card give one play
      Policy: no source settles this; the documents list what a player may do, not how an engine counts it.

      Given a 2-player game
      And the hands are
        | seat | cards       |
        | 0    | R5 R5 G9 B1 |
        | 1    | Y3 Y4       |
      And the top card is R7
      Then the legal actions of seat 0 are
        | action  |
        | play R5 |
        | draw    |
