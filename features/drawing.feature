Feature: Drawing on one's turn
  A player who cannot, or would rather not, play a card draws one card from the draw
  pile. That card may be played at once if it fits; otherwise it is kept, and the turn
  passes on. No other card may be played after the draw.

  Rule: DRAW-WHEN-STUCK

    @DRAW-WHEN-STUCK @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a player with no legal card draws
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6
      Then the legal actions of seat 0 are
        | action |
        | draws  |
      When seat 0 draws
      # checks DRAW-ONE
      Then seat 0 holds exactly G9 B2 Y6
      # checks DRAW-END-TURN
      And seat 1 is to act

    @DRAW-WHEN-STUCK @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a stuck player may not pass without drawing
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      When seat 0 tries to pass
      Then the action is refused under TURN-ACTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-WHEN-STUCK
      And seat 0 may not pass

  Rule: DRAW-ONE

    @DRAW-ONE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a turn draw takes exactly one card
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6 G4 R3
      When seat 0 draws
      Then seat 0 holds 3 cards
      And the position has /draw_pile/0 = "G4"
      And an event cards_drawn cites DRAW-ONE
      # checks DRAW-END-TURN
      And seat 1 is to act

    @DRAW-ONE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: one card is drawn even when it can be played
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3 G4
      When seat 0 draws
      Then seat 0 holds exactly G9 B2 R3
      And the position has /draw_pile/0 = "G4"
      # checks DRAW-THEN-PLAY
      And seat 0 is to act

    @DRAW-ONE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a second turn draw is refused
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3 G4
      When seat 0 draws
      And seat 0 tries to draw
      Then the action is refused under DRAW-ONE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-ONE
      And seat 0 holds 3 cards

    @AMB-17
    Scenario Outline: how many cards a stuck player draws
      Cites fi-wikipedia › Pelin kulku › ¶4; fi-wikipedia › Muunnoksia › ¶1 item 1; sv-unoregler › Om man inte kan lägga › ¶1; id-wikipedia › Aturan resmi › ¶4 item 3

      Given a 3-player game under the <profile> profile
      And the option <option>
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6 G4 R3
      When seat 0 draws
      Then the outcome is <outcome>

      @official @DRAW-ONE
      Examples:
        | profile  | option                         | outcome                                |
        | official | V-DRAW-UNTIL-PLAYABLE is false | seat 0 holds 3 cards; seat 1 is to act |

      @fi-wikipedia @DRAW-ONE
      Examples:
        | profile      | option                         | outcome                                |
        | fi-wikipedia | V-DRAW-UNTIL-PLAYABLE is false | seat 0 holds 3 cards; seat 1 is to act |

      @sv-unoregler @DRAW-ONE
      Examples:
        | profile      | option                | outcome                                |
        | sv-unoregler | V-DRAW-FIXED is false | seat 0 holds 3 cards; seat 1 is to act |

      @id-wikipedia @DRAW-ONE
      Examples:
        | profile      | option                | outcome                                |
        | id-wikipedia | V-DRAW-FIXED is false | seat 0 holds 3 cards; seat 1 is to act |

      @official @V-DRAW-UNTIL-PLAYABLE
      Examples:
        | profile  | option                | outcome                                                                      |
        | official | V-DRAW-UNTIL-PLAYABLE | seat 0 holds 3 cards; seat 0 is to act; seat 0 may draw; seat 0 may not pass |

      @official @V-DRAW-FIXED
      Examples:
        | profile  | option                                      | outcome                                                   |
        | official | V-DRAW-FIXED is {"n": 3, "mode": "exactly"} | seat 0 holds 5 cards; seat 0 may play R3; seat 0 may pass |

  Rule: DRAW-VOLUNTARY

    @DRAW-VOLUNTARY @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a player holding a legal card may draw instead
      Cites id-wikipedia › Aturan resmi › ¶4

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6
      Then seat 0 may draw
      When seat 0 draws
      # checks DRAW-ONE
      Then seat 0 holds exactly R5 G9 Y6
      And the top card is R7
      # checks DRAW-END-TURN
      And seat 1 is to act

    @AMB-18
    Scenario Outline: drawing while holding a card that could be played
      Cites id-wikipedia › Aturan resmi › ¶4; fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards  |
        | 0    | <hand> |
        | 1    | B1 B3  |
        | 2    | Y3 Y4  |
      And the top card is R7
      And the draw pile starts with Y6
      When seat 0 draws
      Then the outcome is <outcome>

      @official @DRAW-VOLUNTARY
      Examples:
        | profile  | hand  | outcome                                         |
        | official | R5 G9 | seat 0 holds exactly R5 G9 Y6; seat 1 is to act |

      @fi-wikipedia @DRAW-VOLUNTARY
      Examples:
        | profile      | hand  | outcome                                         |
        | fi-wikipedia | R5 G9 | seat 0 holds exactly R5 G9 Y6; seat 1 is to act |

      @id-wikipedia @DRAW-VOLUNTARY
      Examples:
        | profile      | hand | outcome                                        |
        | id-wikipedia | W B2 | seat 0 holds exactly W B2 Y6; seat 1 is to act |

      @sv-unoregler @DRAW-WHEN-STUCK
      Examples:
        | profile      | hand  | outcome                                         |
        | sv-unoregler | G7 B2 | seat 0 holds exactly G7 B2 Y6; seat 1 is to act |

  Rule: DRAW-THEN-PLAY

    @DRAW-THEN-PLAY @DRAW-VOLUNTARY @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: after a voluntary draw the playable card in hand must wait
      Cites id-wikipedia › Aturan resmi › ¶4; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G9 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      # checks DRAW-VOLUNTARY
      When seat 0 draws
      # checks DRAW-THEN-PLAY
      And seat 0 tries to play R5
      Then the action is refused under DRAW-THEN-PLAY
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-THEN-PLAY
      And seat 0 may play R3

    @DRAW-THEN-PLAY @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the drawn card may be played at once
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶2; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action   |
        | plays R3 |
        | passes   |
      When seat 0 plays R3
      Then the top card is R3
      And seat 0 holds exactly G9 B2
      And seat 1 is to act

    @DRAW-THEN-PLAY @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a drawn Wild may be played
      Cites fi-wikipedia › Pelin kulku › ¶4; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with W
      When seat 0 draws
      And seat 0 plays W
      And seat 0 names blue
      Then the current colour is blue
      And seat 1 is to act

    @DRAW-THEN-PLAY @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the drawn card may be kept
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶2; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      And seat 0 passes
      Then seat 0 holds exactly G9 B2 R3
      And the top card is R7
      # checks DRAW-END-TURN
      And seat 1 is to act

    @DRAW-THEN-PLAY @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: another card from the hand may not follow the draw
      Cites fi-wikipedia › Pelin kulku › ¶4; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 W  |
        | 1    | B1 B3    |
        | 2    | Y3 Y4    |
      And the top card is G7
      And the draw pile starts with G3
      When seat 0 draws
      And seat 0 tries to play G9
      Then the action is refused under DRAW-THEN-PLAY
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-THEN-PLAY
      And seat 0 may not play W
      And seat 0 may play G3

    @AMB-19
    Scenario Outline: which drawn cards may be played
      Cites fi-wikipedia › Pelin kulku › ¶4; sv-unoregler › Om man inte kan lägga › ¶2; id-wikipedia › Aturan resmi › ¶4 item 3; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards  |
        | 0    | <hand> |
        | 1    | B1 B3  |
        | 2    | Y3 Y4  |
      And the top card is <top>
      And the draw pile starts with <drawn>
      When seat 0 draws
      Then the outcome is <outcome>

      @official @DRAW-THEN-PLAY
      Examples:
        | profile  | hand  | top | drawn | outcome                             |
        | official | G9 B2 | R7  | R3    | seat 0 may play R3; seat 0 may pass |

      @fi-wikipedia @DRAW-THEN-PLAY
      Examples:
        | profile      | hand  | top | drawn | outcome                            |
        | fi-wikipedia | G9 B2 | R7  | W     | seat 0 may play W; seat 0 may pass |

      @official @WD4-RESTRICTION
      Examples:
        | profile  | hand  | top | drawn | outcome             |
        | official | G9 B2 | R7  | WD4   | seat 0 may play WD4 |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | hand  | top | drawn | outcome                                   |
        | sv-unoregler | G9 B2 | R7  | WD4   | seat 0 may play WD4                       |
        | sv-unoregler | R5 G9 | R7  | WD4   | seat 0 may not play WD4; seat 1 is to act |

      @id-wikipedia @MATCH-ON-WILD
      Examples:
        | profile      | hand  | top                      | drawn | outcome                                |
        | id-wikipedia | G9 B2 | W and the colour is blue | G4    | seat 1 is to act; seat 0 holds 3 cards |
        | id-wikipedia | G9 B2 | W and the colour is blue | B4    | seat 0 may play B4; seat 0 is to act   |

  Rule: DRAW-END-TURN

    @DRAW-END-TURN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: keeping the drawn card ends the turn
      Cites sv-unoregler › Om man inte kan lägga › ¶2; fi-wikipedia › Pelin kulku › ¶4; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      And seat 0 passes
      Then an event turn_ended cites DRAW-END-TURN
      And seat 1 is to act

    @DRAW-END-TURN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a drawn card that cannot be played ends the turn at once
      Cites sv-unoregler › Om man inte kan lägga › ¶2; fi-wikipedia › Pelin kulku › ¶4

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with Y6
      When seat 0 draws
      Then an event turn_ended cites DRAW-END-TURN
      And seat 1 is to act

    @DRAW-END-TURN @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the turn after a kept card follows the direction of play
      Cites sv-unoregler › Om man inte kan lägga › ¶2; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And play runs counter-clockwise
      And the draw pile starts with Y6
      When seat 0 draws
      Then seat 2 is to act

    @DRAW-END-TURN @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the turn waits while the drawn card may still be played
      Cites sv-unoregler › Om man inte kan lägga › ¶2; fi-wikipedia › Pelin kulku › ¶4

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | R1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      Then seat 0 is to act
      And the phase is drawn
      And seat 1 may not play R1

    @DRAW-END-TURN @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the kept card may not be played once the turn has ended
      Cites sv-unoregler › Om man inte kan lägga › ¶2; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9 B2 |
        | 1    | B1 B3 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And the draw pile starts with R3
      When seat 0 draws
      And seat 0 passes
      And seat 0 tries to play R3
      # checks DRAW-END-TURN
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
