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
      And seat 1 is to act

    @PLAY-MATCH @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a card matching neither colour nor face is refused
      Cites fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And seat 0 holds G9 B2
      And the top card is R7
      When seat 0 tries to play G9
      Then the action is refused under PLAY-MATCH
      And the position is unchanged
      And seat 0 may not play B2
