Feature: Variants of the turn draw
  Three variants change how many cards a turn draw brings: drawing on until a playable
  card turns up, drawing on by choice until one does, or a fixed number of cards. Each
  replaces the single card of DRAW-ONE; penalty draws stay as they are.

  Rule: V-DRAW-UNTIL-PLAYABLE

    @V-DRAW-UNTIL-PLAYABLE @official
    Scenario: drawing goes on until a playable card turns up
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action |
        | draw   |
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |
      When seat 0 plays R9
      Then the top card is R9
      And seat 0 holds exactly B1 G2 Y3 B4
      And seat 1 is to act

    @V-DRAW-UNTIL-PLAYABLE @negative @official
    Scenario: the player may not stop drawing before a playable card
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      And seat 0 tries to pass
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-DRAW-UNTIL-PLAYABLE
      And seat 0 is to act
      And seat 0 holds exactly B1 G2 Y3

    @V-DRAW-UNTIL-PLAYABLE @official
    Scenario: the found card may be kept when it need not be played
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 R9 G5
      When seat 0 draws
      And seat 0 draws
      And seat 0 passes
      Then seat 0 holds exactly B1 G2 Y3 R9
      And the top card is R7
      And seat 1 is to act

    @V-DRAW-UNTIL-PLAYABLE @negative @official
    Scenario: with must_play_found the found card has to be played
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE is {"must_play_found": true}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 R9 G5
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
      When seat 0 tries to pass
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-DRAW-UNTIL-PLAYABLE @negative @official
    Scenario: the series stops at the cap without a playable card
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE is {"cap": 2}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      And seat 0 draws
      Then seat 0 holds exactly B1 G2 Y3 B4
      And the top card is R7
      And seat 1 is to act

    @V-DRAW-UNTIL-PLAYABLE @official
    Scenario: a voluntary draw runs on past a Wild Draw Four that fails its test
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with WD4 B4 R9 G5
      When seat 0 draws
      Then seat 0 may draw
      And seat 0 may not play WD4
      And seat 0 may not pass
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |
      And seat 0 may not play R1

    @V-DRAW-UNTIL-PLAYABLE @official
    Scenario: a drawn Wild Draw Four that passes its test ends the series
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with WD4 B4 R9 G5
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action   |
        | play WD4 |
        | pass     |

    @V-DRAW-UNTIL-PLAYABLE @official
    Scenario: a Wild Draw Four that fails its test at the cap may be laid as a bluff but need not be
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-PLAYABLE is {"cap": 2, "must_play_found": true}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with B4 WD4 R9 G5
      When seat 0 draws
      And seat 0 draws
      Then seat 0 holds exactly R1 G2 B4 WD4
      And the legal actions of seat 0 are
        | action   |
        | play WD4 |
        | pass     |

  Rule: V-DRAW-UNTIL-STOP

    @V-DRAW-UNTIL-STOP @official
    Scenario: after an unplayable card the player may draw again or stop
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action |
        | draw   |
        | pass   |
      When seat 0 passes
      Then seat 0 holds exactly B1 G2 Y3
      And seat 1 is to act

    @V-DRAW-UNTIL-STOP @official
    Scenario: the player draws on and plays the playable card that ends the series
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      And seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |
      When seat 0 plays R9
      Then the top card is R9
      And seat 0 holds exactly B1 G2 Y3 B4
      And seat 1 is to act

    @V-DRAW-UNTIL-STOP @negative @official
    Scenario: the player may not draw past a playable card
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with R9 Y3 G5
      When seat 0 draws
      And seat 0 tries to draw
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-DRAW-UNTIL-STOP
      And seat 0 may play R9
      And seat 0 may pass

    @V-DRAW-UNTIL-STOP @negative @official
    Scenario: the cap ends the series and the turn
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP is {"cap": 2}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      And seat 0 draws
      Then seat 0 holds exactly B1 G2 Y3 B4
      And seat 1 is to act

    @V-DRAW-UNTIL-STOP @official
    Scenario: a playable card drawn as the last under the cap may still be played
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP is {"cap": 2}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 R9 G5
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |

    @V-DRAW-UNTIL-STOP @official
    Scenario: a drawn Wild Draw Four that fails its test does not end the series
      Cites fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-UNTIL-STOP
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with WD4 R9 G5
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action   |
        | play WD4 |
        | draw     |
        | pass     |

  Rule: V-DRAW-FIXED

    @V-DRAW-FIXED @official
    Scenario: in exactly mode n cards come at once and any playable one of them may be played
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED is {"n": 3, "mode": "exactly"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 R9 B4 G5
      When seat 0 draws
      Then seat 0 holds exactly B1 G2 Y3 R9 B4
      And the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |
      When seat 0 plays R9
      Then the top card is R9
      And seat 1 is to act

    @V-DRAW-FIXED @negative @official
    Scenario: in exactly mode a turn with no playable drawn card ends after n cards
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED is {"n": 2, "mode": "exactly"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 R9 G5
      When seat 0 draws
      Then seat 0 holds exactly R1 G2 Y3 B4
      And the top card is R7
      And seat 1 is to act

    @V-DRAW-FIXED @official
    Scenario: in at_most mode a playable card does not end the series
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with R9 Y3 R4 G5
      When seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | draw    |
        | pass    |
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R4 |
        | play R9 |
        | pass    |
      When seat 0 plays R4
      Then the top card is R4
      And seat 0 holds exactly B1 G2 R9 Y3
      And seat 1 is to act

    @V-DRAW-FIXED @official
    Scenario: in at_most mode the player may stop after one card
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 G5
      When seat 0 draws
      And seat 0 passes
      Then seat 0 holds exactly B1 G2 Y3
      And seat 1 is to act

    @V-DRAW-FIXED @negative @official
    Scenario: a card held before the draw may not be played after it
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with Y3 B4 G5
      When seat 0 draws
      And seat 0 tries to play R1
      # checks V-DRAW-FIXED
      Then the action is refused under DRAW-THEN-PLAY
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-DRAW-FIXED @negative @official
    Scenario: in at_most mode no more than n cards may be drawn
      Cites sv-unoregler › Om man inte kan lägga › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 1

      Given the option V-DRAW-FIXED is {"n": 2}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | B1 G2 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      And the draw pile starts with R9 Y3 G5
      When seat 0 draws
      And seat 0 draws
      Then the legal actions of seat 0 are
        | action  |
        | play R9 |
        | pass    |
      When seat 0 tries to draw
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
