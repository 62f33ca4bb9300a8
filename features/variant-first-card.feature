Feature: Variants of the first discard
  Variants that replace a special card turned up to start the discard pile instead of
  letting it take effect.

  Rule: V-FIRST-CARD-NO-SPECIAL

    @V-FIRST-CARD-NO-SPECIAL @official
    Scenario: a Skip turned up as starter is shuffled back and another card turned up
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given the option V-FIRST-CARD-NO-SPECIAL
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      # checks DEALER-SELECTION
      Then seat 1 is the dealer
      # checks V-FIRST-CARD-NO-SPECIAL
      When the cards are dealt with the starter RS
      Then the game waits for a new starter
      And nobody may act
      And an event starter_returned cites V-FIRST-CARD-NO-SPECIAL
      When the discards are reshuffled with G4 on top
      Then the top card is G4
      And the discard pile holds 1 card
      And the current colour is green
      And play runs clockwise
      And seat 2 is to act
      And seat 2 holds 7 cards

    @V-FIRST-CARD-NO-SPECIAL @official
    Scenario: the replacing goes on until a number card turns up
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given the option V-FIRST-CARD-NO-SPECIAL
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter WD4
      Then the game waits for a new starter
      When the discards are reshuffled with BR on top
      Then the game waits for a new starter
      When the discards are reshuffled with B8 on top
      Then the top card is B8
      And seat 2 is to act
      And play runs clockwise

    @V-FIRST-CARD-NO-SPECIAL @negative @official
    Scenario: a Draw Two buried under the draw pile makes nobody draw
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given the option V-FIRST-CARD-NO-SPECIAL is {"procedure": "bury"}
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter BD2 and the draw pile starting with G4
      Then the top card is G4
      And the discard pile holds 1 card
      And the draw pile holds 79 cards
      And the position has /draw_pile/78 = "BD2"
      And seat 2 holds 7 cards
      And seat 2 is to act

    @V-FIRST-CARD-NO-SPECIAL @official
    Scenario: special cards set aside stay under the starter
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given the option V-FIRST-CARD-NO-SPECIAL is {"procedure": "set_aside"}
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter GS and the draw pile starting with W G4
      Then the top card is G4
      And the discard pile holds 3 cards
      And the position has /discard_pile = ["GS", "W", "G4"]
      And the current colour is green
      And seat 2 is to act

    @V-FIRST-CARD-NO-SPECIAL @negative @official
    Scenario: a number card turned up as starter is kept
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given the option V-FIRST-CARD-NO-SPECIAL
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter G4
      Then the top card is G4
      And the discard pile holds 1 card
      And seat 2 is to act

    @V-FIRST-CARD-NO-SPECIAL @fi-wikipedia
    Scenario: the Finnish article turns up a new card in place of a Reverse
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given a new 4-player match under the fi-wikipedia profile
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter BR
      Then the game waits for a new starter
      When the discards are reshuffled with G4 on top
      Then the top card is G4
      And play runs clockwise
      And seat 2 is to act

    @V-FIRST-CARD-NO-SPECIAL @negative @fi-wikipedia
    Scenario: the Finnish article lets no Wild starter have its colour named
      Cites fi-wikipedia › Pelin kulku › ¶2

      Given a new 4-player match under the fi-wikipedia profile
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter W
      Then the game waits for a new starter
      And nobody may act

  Rule: V-EXT-FIRST-WILD-REDRAW

    @V-EXT-FIRST-WILD-REDRAW @official
    Scenario: a Wild starter is shuffled back and nobody names a colour
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-FIRST-WILD-REDRAW
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter W
      Then the game waits for a new starter
      And nobody may act
      And an event starter_returned cites V-EXT-FIRST-WILD-REDRAW
      When the discards are reshuffled with G4 on top
      Then the top card is G4
      And the phase is turn
      And seat 2 is to act

    @V-EXT-FIRST-WILD-REDRAW @official
    Scenario: a Wild turned up again is returned again
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-FIRST-WILD-REDRAW
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter W
      And the discards are reshuffled with W on top
      Then the game waits for a new starter
      When the discards are reshuffled with B8 on top
      Then the top card is B8
      And seat 2 is to act

    @V-EXT-FIRST-WILD-REDRAW @negative @official
    Scenario: a coloured action starter still takes effect
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-FIRST-WILD-REDRAW
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      And the cards are dealt with the starter GS
      Then the top card is GS
      # checks FIRST-CARD-SKIP
      And seat 3 is to act
